import { buttonClass } from './button'

interface ConfirmChoiceProps {
  /** The row's own class, from the sheet or dialog it ends. */
  className: string
  confirm: string
  keep: string
  /** Added to the confirming button's look (a cancellation's is red). */
  confirmClassName?: string
  onConfirm: () => void
  onKeep: () => void
}

/**
 * A question's two answers, full width: do it, or keep things as they are. Keeping has the
 * focus, so a stray Enter changes nothing.
 */
export function ConfirmChoice({
  className,
  confirm,
  keep,
  confirmClassName,
  onConfirm,
  onKeep,
}: ConfirmChoiceProps) {
  const confirmClass = buttonClass('primary', { block: true })
  return (
    <div className={className}>
      <button
        type="button"
        className={confirmClassName ? `${confirmClass} ${confirmClassName}` : confirmClass}
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
  )
}
