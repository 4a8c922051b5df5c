import { useEffect, useState } from 'react'
import type { PresenceSnapshot } from './realtime-connection'
import { useRealtimeLoader } from './realtime-context'

export type PresenceState =
  { status: 'joining' } | { status: 'refused' } | ({ status: 'joined' } & PresenceSnapshot)

/**
 * The members of the presence `channel` while the component is mounted and `channel` is set,
 * updated live as members join and leave; `undefined` leaves the channel.
 */
export function usePresenceMembers(channel: string | undefined): PresenceState {
  const loadRealtime = useRealtimeLoader()
  // Kept with its channel: a state of a channel left before is not shown for the next one.
  const [known, setKnown] = useState<{ channel: string; state: PresenceState } | undefined>()

  useEffect(() => {
    if (channel === undefined) return
    const setState = (state: PresenceState) => setKnown({ channel, state })
    let stop: (() => void) | undefined
    let stopped = false
    void loadRealtime().then((connection) => {
      if (stopped) return
      stop = connection.presence(
        channel,
        (snapshot) => {
          if (!stopped) setState({ status: 'joined', ...snapshot })
        },
        () => {
          if (!stopped) setState({ status: 'refused' })
        },
      )
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [loadRealtime, channel])

  return known && known.channel === channel ? known.state : { status: 'joining' }
}
