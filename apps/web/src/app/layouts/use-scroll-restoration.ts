import { useLayoutEffect } from 'react'
import { NavigationType, useLocation, useNavigationType } from 'react-router'

const positions = new Map<string, number>()

/**
 * A new screen starts at the top; going back returns to where the diner was (the menu they
 * scrolled). A few lines instead of the router's ScrollRestoration, which costs ~1.5 KB gzip
 * of the first-load budget.
 */
export function useScrollRestoration(): void {
  const { key } = useLocation()
  const navigationType = useNavigationType()
  useLayoutEffect(() => {
    window.scrollTo(0, navigationType === NavigationType.Pop ? (positions.get(key) ?? 0) : 0)
    return () => void positions.set(key, window.scrollY)
  }, [key, navigationType])
}
