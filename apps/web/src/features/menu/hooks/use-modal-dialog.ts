import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react'

/**
 * A native modal `<dialog>` (give it tabIndex -1), open while mounted: the page behind is inert, focus stays inside and
 * returns to where it was. Escape, a tap on the backdrop or `dismiss` call `onDismiss`.
 */
export function useModalDialog(onDismiss: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  const latest = useRef(onDismiss)
  useEffect(() => {
    latest.current = onDismiss
  })
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    let mounted = true
    // Escape closes a modal dialog natively; the owner then updates the address.
    const onClose = () => {
      if (mounted) latest.current()
    }
    dialog.addEventListener('close', onClose)
    if (!dialog.open) dialog.showModal()
    // The window itself takes focus, so a screen reader starts with its name and no button
    // looks pressed; Tab then walks its controls.
    dialog.focus()
    return () => {
      mounted = false
      dialog.removeEventListener('close', onClose)
      dialog.close()
    }
  }, [])
  return {
    ref,
    dismiss: () => latest.current(),
    /** On the dialog element: a click that lands on it, not its content, is on the backdrop. */
    onBackdropClick: (event: MouseEvent<HTMLDialogElement>) => {
      if (event.target === event.currentTarget) latest.current()
    },
  }
}
