import { useEffect, useState } from 'react'
import { useMessages } from '../../../lib/i18n/use-translation'
import { cartMessages } from '../cart-messages'

/** How long Undo is offered; the time stops while the diner points at or focuses the notice. */
export const UNDO_MS = 6_000

/** "Borscht removed · Undo", announced politely, gone after a few seconds. */
export function UndoSnackbar({
  message,
  onUndo,
  onDismiss,
}: {
  message: string
  onUndo: () => void
  onDismiss: () => void
}) {
  const { t } = useMessages(cartMessages)
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (held) return
    const timer = setTimeout(onDismiss, UNDO_MS)
    return () => clearTimeout(timer)
  }, [held, message, onDismiss])
  return (
    <div
      className="undo-snackbar"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="undo-snackbar__text">{message}</p>
      <button type="button" className="undo-snackbar__undo" onClick={onUndo}>
        {t('undo')}
      </button>
    </div>
  )
}
