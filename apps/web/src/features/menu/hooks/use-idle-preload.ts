import { useEffect } from 'react'

/**
 * Fetches code the screen will probably need (the dish window, search) once the browser is
 * idle after the screen is shown, so the first tap does not wait on a weak connection.
 */
export function useIdlePreload(ready: boolean, load: () => void): void {
  useEffect(() => {
    if (!ready) return
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(load, 2000)
      return () => clearTimeout(timer)
    }
    const id = requestIdleCallback(load, { timeout: 4000 })
    return () => cancelIdleCallback(id)
    // `load` is a fixed list of imports; a new function each render must not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready])
}
