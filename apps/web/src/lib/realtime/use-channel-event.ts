import { useEffect, useRef } from 'react'
import type { $ZodType, output } from 'zod/v4/core'
import type { RealtimeEvent } from '@tableside/contracts/realtime-events'
import { useRealtimeLoader } from './realtime-context'

/**
 * An event whose contract (and zod) loads with the realtime client, after the first screen
 * (decision 0124): for the screens of every diner's first load.
 */
export interface DeferredRealtimeEvent<S extends $ZodType> {
  readonly load: () => Promise<RealtimeEvent<S>>
}

/**
 * Calls `handler` with every `event` on `channel`, its data checked against the event's
 * contract; data that does not match is dropped. Listens while the component is mounted.
 */
export function useChannelEvent<S extends $ZodType>(
  channel: string | undefined,
  event: RealtimeEvent<S> | DeferredRealtimeEvent<S>,
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
    void loadRealtime()
      .then(async (connection) => ({
        connection,
        contract: 'load' in event ? await event.load() : event,
      }))
      .then(({ connection, contract }) => {
        if (stopped) return
        stop = connection.listen(channel, contract.name, (data) => {
          // The schema's Standard Schema interface: no zod of this module's own.
          const checked = contract.data['~standard'].validate(data)
          if (!(checked instanceof Promise) && !checked.issues) {
            latest.current(checked.value)
          }
        })
      })
    return () => {
      stopped = true
      stop?.()
    }
  }, [loadRealtime, channel, event])
}
