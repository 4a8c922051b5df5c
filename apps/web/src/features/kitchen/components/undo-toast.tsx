import { useEffect, useRef, useState } from 'react'
import type { UndoTarget } from '../api/bump-actions'
import { useMessages } from '../../../lib/i18n/use-translation'
import { kitchenMessages } from '../kitchen-messages'

export interface UndoOffer extends UndoTarget {
  text: string
  /** When the server stops taking the undo (ms since the epoch, this screen's clock). */
  until: number
}

/**
 * What was just bumped, with Undo while the server still takes it; a bar empties as the time
 * runs out (CSS, no re-render), and the toast leaves when it has.
 */
export function UndoToast({
  offer,
  onUndo,
  onDismiss,
}: {
  offer: UndoOffer
  onUndo: (offer: UndoOffer) => void
  onDismiss: () => void
}) {
  const { t } = useMessages(kitchenMessages)
  // Measured once: the bar's animation must not start again when the board draws.
  const [left] = useState(() => Math.max(0, offer.until - Date.now()))
  const dismiss = useRef(onDismiss)
  useEffect(() => {
    dismiss.current = onDismiss
  })
  useEffect(() => {
    const timer = setTimeout(() => dismiss.current(), Math.max(0, offer.until - Date.now()))
    return () => clearTimeout(timer)
  }, [offer.until])
  return (
    <div className="kitchen-toast" role="status">
      <span className="kitchen-toast__text">{offer.text}</span>
      <button type="button" className="kitchen-button" onClick={() => onUndo(offer)}>
        {t('undo')}
      </button>
      <span
        className="kitchen-toast__time"
        style={{ animationDuration: `${String(left)}ms` }}
        aria-hidden="true"
      />
    </div>
  )
}
