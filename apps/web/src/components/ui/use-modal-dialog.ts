import { useEffect, useLayoutEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react'

interface ModalDialogOptions {
  /**
   * The window itself takes focus (give it tabIndex -1), so a screen reader starts with its
   * name and no button looks pressed; Tab then walks its controls. Otherwise the browser
   * focuses its first control.
   */
  focusDialog?: boolean
}

/**
 * A native `<dialog>` shown modal while the component is mounted (the page behind is inert,
 * focus stays inside and returns to where it was), closed when it unmounts.
 *
 * Spread `dialogProps` on the `<dialog>`: Escape or the phone's way back then calls `onClose`
 * instead of closing it behind React's back, and the owner closes it by unmounting it (so it
 * may refuse while busy). A dialog given only `ref` lets the browser close it on
 * Escape and `onClose` follows. Either way `dismiss` and a tap on the backdrop
 * (`onBackdropClick` as the dialog's `onClick`) call `onClose`.
 */
export function useModalDialog(
  onClose: () => void,
  { focusDialog = false }: ModalDialogOptions = {},
) {
  const ref = useRef<HTMLDialogElement>(null)
  const latest = useRef(onClose)
  useEffect(() => {
    latest.current = onClose
  })
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    let mounted = true
    const closedByBrowser = () => {
      if (mounted) latest.current()
    }
    dialog.addEventListener('close', closedByBrowser)
    if (!dialog.open) dialog.showModal()
    if (focusDialog) dialog.focus()
    return () => {
      mounted = false
      dialog.removeEventListener('close', closedByBrowser)
      dialog.close()
    }
  }, [focusDialog])
  return {
    ref,
    dialogProps: {
      ref,
      onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
        event.preventDefault()
        latest.current()
      },
    },
    dismiss: () => latest.current(),
    /** A click that lands on the dialog itself, not its content, is on the backdrop. */
    onBackdropClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) latest.current()
    },
  }
}
