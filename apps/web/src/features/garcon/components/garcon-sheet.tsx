import { useId, type ReactNode } from 'react'
import { useModalDialog } from '../../../components/ui/use-modal-dialog'

interface GarconSheetProps {
  title: string
  text?: string
  onClose: () => void
  children: ReactNode
  /** The order sheet is tall: it scrolls inside, its button stays at the bottom. */
  tall?: boolean
  /** Beside the title: whom the question is about (a waiter's avatar). */
  lead?: ReactNode
}

/**
 * The waiter area's sheet: from the bottom edge, within the thumb's reach, over a page made
 * inert (a modal dialog); Escape or the way back closes it without doing anything.
 */
export function GarconSheet({ title, text, onClose, children, tall, lead }: GarconSheetProps) {
  const { dialogProps } = useModalDialog(onClose)
  const titleId = useId()
  const textId = useId()
  const heading = (
    <h2 id={titleId} className="take-over-sheet__title">
      {title}
    </h2>
  )
  return (
    <dialog
      {...dialogProps}
      className={`take-over-sheet floor-sheet${tall ? ' floor-sheet--tall' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={text === undefined ? undefined : textId}
    >
      {lead ? (
        <div className="take-over-sheet__who">
          {lead}
          {heading}
        </div>
      ) : (
        heading
      )}
      {text === undefined ? null : (
        <p id={textId} className="take-over-sheet__text">
          {text}
        </p>
      )}
      {children}
    </dialog>
  )
}
