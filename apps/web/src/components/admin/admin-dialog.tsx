import { useId, type ReactNode } from 'react'
import { useModalDialog } from '../ui/use-modal-dialog'

interface AdminDialogProps {
  title: string
  /** What the window is about, read with its title. */
  text?: string
  /** A close button beside the title, with this text. */
  closeLabel?: string
  onClose: () => void
  children: ReactNode
}

/**
 * A modal window of the back office: its title (with a close button when asked), what it is
 * about, then its content. Escape closes it without doing anything.
 */
export function AdminDialog({ title, text, closeLabel, onClose, children }: AdminDialogProps) {
  const { dialogProps } = useModalDialog(onClose)
  const titleId = useId()
  const textId = useId()
  return (
    <dialog
      {...dialogProps}
      className="admin-dialog"
      aria-labelledby={titleId}
      aria-describedby={text ? textId : undefined}
    >
      <div className="admin-dialog__head">
        <h2 className="admin-dialog__title" id={titleId}>
          {title}
        </h2>
        {closeLabel ? (
          <button type="button" className="admin-dialog__close" onClick={onClose}>
            {closeLabel}
          </button>
        ) : null}
      </div>
      {text ? (
        <p className="admin-dialog__text" id={textId}>
          {text}
        </p>
      ) : null}
      {children}
    </dialog>
  )
}
