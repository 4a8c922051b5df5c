import { useId, type ReactNode } from 'react'
import { useModalDialog } from '../../../components/ui/use-modal-dialog'

interface StaffDialogProps {
  title: string
  text?: string
  onClose: () => void
  children: ReactNode
}

/** A centred modal window of the staff screen; Escape closes it without doing anything. */
export function StaffDialog({ title, text, onClose, children }: StaffDialogProps) {
  const { dialogProps } = useModalDialog(onClose)
  const titleId = useId()
  const textId = useId()
  return (
    <dialog
      {...dialogProps}
      className="staff-dialog"
      aria-labelledby={titleId}
      aria-describedby={text === undefined ? undefined : textId}
    >
      <h2 id={titleId} className="staff-dialog__title">
        {title}
      </h2>
      {text === undefined ? null : (
        <p id={textId} className="staff-dialog__text">
          {text}
        </p>
      )}
      {children}
    </dialog>
  )
}
