import { useId, useLayoutEffect, useRef } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { WaiterAvatar } from './waiter-avatar'
import './take-over-sheet.css'

interface TakeOverSheetProps {
  title: string
  text: string
  waiterName: string
  confirm: string
  keep: string
  onConfirm: () => void
  onKeep: () => void
}

/**
 * Asks before a table is taken from the waiter serving it: a sheet from the bottom edge, within
 * the thumb's reach, over a page made inert; Escape or "Cancel" leaves the table as it is.
 */
export function TakeOverSheet({
  title,
  text,
  waiterName,
  confirm,
  keep,
  onConfirm,
  onKeep,
}: TakeOverSheetProps) {
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
      className="take-over-sheet"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault()
        onKeep()
      }}
    >
      <div className="take-over-sheet__who">
        <WaiterAvatar name={waiterName} />
        <h2 id={titleId} className="take-over-sheet__title">
          {title}
        </h2>
      </div>
      <p id={textId} className="take-over-sheet__text">
        {text}
      </p>
      <div className="take-over-sheet__actions">
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          onClick={onConfirm}
        >
          {confirm}
        </button>
        <button
          type="button"
          className={buttonClass('secondary', { block: true })}
          onClick={onKeep}
          autoFocus
        >
          {keep}
        </button>
      </div>
    </dialog>
  )
}
