import { useEffect, useRef } from 'react'
import { useRealtimeLoader } from './realtime-context'

/**
 * Calls `onSubscribed` whenever pusher-js (re)subscribes the channel: after the first
 * subscription and after every reconnect, when events may have been missed.
 */
export function useResubscribed(channel: string, onSubscribed: () => void) {
  const loadRealtime = useRealtimeLoader()
  const latest = useRef(onSubscribed)
  useEffect(() => {
    latest.current = onSubscribed
  })
  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    void loadRealtime().then((connection) => {
      if (stopped) return
      stop = connection.listen(channel, 'pusher:subscription_succeeded', () => latest.current())
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [loadRealtime, channel])
}
