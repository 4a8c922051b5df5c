import { useLayoutEffect, useRef, type SyntheticEvent } from 'react'

/**
 * A `<dialog>` shown modal while the component is mounted (the page behind is inert, focus stays
 * inside), closed when it unmounts; Escape or the phone's way back calls `onClose` instead of
 * closing it behind React's back. Spread `dialogProps` on the `<dialog>`.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    dialog.showModal()
    return () => dialog.close()
  }, [])
  return {
    ref,
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault()
      onClose()
    },
  }
}
