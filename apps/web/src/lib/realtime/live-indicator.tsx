import { useEffect, useState, type ComponentType } from 'react'
import { useRealtimeLoader } from './realtime-context'

/**
 * Places the connection indicator without putting its code in the first load: it arrives
 * with the realtime connection, which starts when the browser is idle after the first paint.
 */
export function LiveIndicator() {
  const loadRealtime = useRealtimeLoader()
  const [Indicator, setIndicator] = useState<ComponentType | null>(null)
  useEffect(() => {
    let mounted = true
    void loadRealtime()
      .then(() => import('./connection-indicator'))
      .then(({ ConnectionIndicator }) => {
        if (mounted) setIndicator(() => ConnectionIndicator)
      })
    return () => {
      mounted = false
    }
  }, [loadRealtime])
  return Indicator ? <Indicator /> : null
}
