import { useEffect, useRef, type RefObject } from 'react'
import { isOlderMenu } from './menu-version'

/**
 * Gives the keyboard's focus to a control of the screen, named by its `data-focus-key`, once the
 * screen shows at least `version` of the menu (a save's answer): a control a save moved (a
 * reordered row) or brought back (the list an editor covered) has focus where it now stands.
 * The first key that names a control there wins; none: focus stays where it is.
 */
export function useFocusAfter(
  root: RefObject<HTMLElement | null>,
  shownVersion: string | undefined,
): (keys: readonly string[], version?: string) => void {
  const wanted = useRef<{ keys: readonly string[]; version: string | undefined } | null>(null)
  // After every render: the one that shows the version asked for is the one to act on.
  useEffect(() => {
    const next = wanted.current
    if (!next) return
    if (
      next.version !== undefined &&
      shownVersion !== undefined &&
      isOlderMenu({ version: shownVersion }, { version: next.version })
    ) {
      return
    }
    wanted.current = null
    for (const key of next.keys) {
      const control = root.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)
      if (control) {
        control.focus()
        return
      }
    }
  })
  return (keys, version) => {
    wanted.current = { keys, version }
  }
}
