import { useLayoutEffect } from 'react'
import { NavigationType, useLocation, useNavigationType } from 'react-router'

const positions = new Map<string, number>()
let startPage = true

/**
 * Navigation state for an address change that only opens a window over the screen (a dish over
 * the menu, `?dish=…`): the screen behind keeps its scroll.
 */
export const KEEP_SCROLL = { keepScroll: true } as const

const keepsScroll = (state: unknown) =>
  typeof state === 'object' && state !== null && 'keepScroll' in state

/**
 * A new screen starts at the top; going back returns to where the diner was (the menu they
 * scrolled). A few lines instead of the router's ScrollRestoration, which costs ~1.5 KB gzip
 * of the first-load budget.
 */
export function useScrollRestoration(): void {
  const location = useLocation()
  const key = location.key
  const navigationType = useNavigationType()
  const keep = navigationType !== NavigationType.Pop && keepsScroll(location.state)
  useLayoutEffect(() => {
    // The page the app starts on stays where the diner already is: they may have scrolled the
    // server's drawing of it (decision 0025).
    if (!keep && !startPage)
      window.scrollTo(0, navigationType === NavigationType.Pop ? (positions.get(key) ?? 0) : 0)
    startPage = false
    return () => void positions.set(key, window.scrollY)
  }, [key, navigationType, keep])
}
