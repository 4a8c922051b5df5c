import { useEffect, useRef } from 'react'
import { useRealtimeLoader } from './realtime-context'

/**
 * Calls `onSubscribed` once `channel` is subscribed, at once when it already was, and after
 * every resubscription (a reconnect): whenever events on it may have gone unheard, so a screen
 * reads again what its first read may have missed. No channel (`undefined`) listens to none.
 */
export function useResubscribed(channel: string | undefined, onSubscribed: () => void) {
  const loadRealtime = useRealtimeLoader()
  const latest = useRef(onSubscribed)
  useEffect(() => {
    latest.current = onSubscribed
  })
  useEffect(() => {
    if (channel === undefined) return
    let stop: (() => void) | undefined
    let stopped = false
    void loadRealtime().then((connection) => {
      if (stopped) return
      stop = connection.whenSubscribed(channel, () => latest.current())
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [loadRealtime, channel])
}
