import { useEffect, useRef } from 'react'
import { safeParse, type $ZodType, type output } from 'zod/v4/core'
import type { RealtimeEvent } from '@tableside/contracts/realtime-events'
import { useRealtimeLoader } from './realtime-context'

/**
 * Calls `handler` with every `event` on `channel`, its data checked against the event's
 * contract; data that does not match is dropped. Listens while the component is mounted.
 */
export function useChannelEvent<S extends $ZodType>(
  channel: string | undefined,
  event: RealtimeEvent<S>,
  handler: (data: output<S>) => void,
): void {
  const loadRealtime = useRealtimeLoader()
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })

  useEffect(() => {
    if (channel === undefined) return
    let stop: (() => void) | undefined
    let stopped = false
    void loadRealtime().then((connection) => {
      if (stopped) return
      stop = connection.listen(channel, event.name, (data) => {
        const parsed = safeParse(event.data, data)
        if (parsed.success) latest.current(parsed.data)
      })
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [loadRealtime, channel, event])
}
