import { useLayoutEffect } from 'react'
import { FIRST_SCREEN_ID } from '@tableside/contracts/first-screen'

let firstScreenDrawn: () => void = () => undefined
const drawn = new Promise<void>((resolve) => {
  firstScreenDrawn = resolve
})

/**
 * Removes the menu screen the server drew into the page (decision 0025). The app renders
 * hidden behind it (`.first-screen + #root` in base.css), so its loading fallback never
 * shows; once its own screen is drawn, this runs before the browser paints and the two swap
 * in one frame. Every start calls it once its first screen (or error) is drawn, drawing or not.
 */
export function replaceFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove()
  firstScreenDrawn()
}

/** Replaces the server's drawing in the commit that draws the app's screen. */
export function useReplaceFirstScreen(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) replaceFirstScreen()
  }, [ready])
}

/**
 * Resolves once the app's first screen is drawn and the browser is idle after it (or `timeoutMs`
 * later): for work the diner does not see, so a weak phone answers the first tap first
 * (decision 0124): the realtime client, the contracts' checks of the first answers.
 */
export function afterFirstScreen(timeoutMs = 1500): Promise<void> {
  return drawn.then(
    () =>
      new Promise((resolve) => {
        if ('requestIdleCallback' in window) {
          requestIdleCallback(() => resolve(), { timeout: timeoutMs })
        } else setTimeout(resolve, 200)
      }),
  )
}

/**
 * Where the page's starter (`first-screen-start.ts`) keeps the dishes whose "+" was tapped on
 * the server's drawing before the app ran, in order (decision 0124).
 */
export const DRAWN_ADDS = '__tablesideDrawnAdds'

/** The dishes added on the drawing, once: the menu screen puts them in the cart as it takes over. */
export function takeDrawnAdds(): string[] {
  const added: unknown = Reflect.get(window, DRAWN_ADDS)
  if (!Array.isArray(added)) return []
  const ids = added.filter((id): id is string => typeof id === 'string')
  added.length = 0
  return ids
}
