import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import './take-over-sheet.css'

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
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const textId = useId()
  const heading = (
    <h2 id={titleId} className="take-over-sheet__title">
      {title}
    </h2>
  )
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    dialog.showModal()
    return () => dialog.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className={`take-over-sheet floor-sheet${tall ? ' floor-sheet--tall' : ''}`}
      aria-labelledby={titleId}
      aria-describedby={text === undefined ? undefined : textId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
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
