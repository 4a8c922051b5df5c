import { useLayoutEffect } from 'react'
import { FIRST_SCREEN_ID } from '@tableside/contracts/first-screen'

/**
 * Removes the menu screen the server drew into the page (decision 0025). The app renders
 * hidden behind it (`.first-screen + #root` in base.css), so its loading fallback never
 * shows; once its own screen is drawn, this runs before the browser paints and the two swap
 * in one frame.
 */
export function replaceFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove()
}

/** Replaces the server's drawing in the commit that draws the app's screen. */
export function useReplaceFirstScreen(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) replaceFirstScreen()
  }, [ready])
}
