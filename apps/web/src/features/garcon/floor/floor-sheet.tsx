import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import '../components/take-over-sheet.css'
import './floor.css'

interface FloorSheetProps {
  title: string
  text?: string
  onClose: () => void
  children: ReactNode
  /** The order sheet is tall: it scrolls inside, its button stays at the bottom. */
  tall?: boolean
}

/**
 * A sheet from the bottom edge over a page made inert (a modal dialog): Escape or the way back
 * closes it without doing anything.
 */
export function FloorSheet({ title, text, onClose, children, tall }: FloorSheetProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const textId = useId()
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
      <h2 id={titleId} className="take-over-sheet__title">
        {title}
      </h2>
      {text === undefined ? null : (
        <p id={textId} className="take-over-sheet__text">
          {text}
        </p>
      )}
      {children}
    </dialog>
  )
}
