import { createContext, useContext } from 'react'
import { afterFirstScreen } from '../first-screen'
import type { RuntimeConfig } from '@tableside/contracts/runtime-config'
import type { RealtimeConnection } from './realtime-connection'

/** Loads the page's one realtime connection on first use; its code is not in the first load. */
export type LoadRealtime = () => Promise<RealtimeConnection>

export const RealtimeContext = createContext<LoadRealtime | null>(null)

/**
 * `onReconnected`: the connection came back after a drop (events may have been missed while
 * it was down, decision 0105): the app fetches what it shows again.
 */
export function createRealtimeLoader(
  config: RuntimeConfig['realtime'],
  onReconnected?: () => void,
): LoadRealtime {
  let connection: Promise<RealtimeConnection> | undefined
  return () =>
    (connection ??= afterFirstScreen()
      .then(() => import('./realtime-connection'))
      .then(({ RealtimeConnection }) => new RealtimeConnection(config, onReconnected)))
}

export function useRealtimeLoader(): LoadRealtime {
  const load = useContext(RealtimeContext)
  if (!load) throw new Error('Realtime hooks need the app providers')
  return load
}
