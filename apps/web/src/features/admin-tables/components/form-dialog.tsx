import { useId, type ReactNode, type SyntheticEvent } from 'react'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { buttonClass } from '../../../components/ui/button'

interface FormDialogProps {
  title: string
  text?: string
  submit: string
  cancel: string
  busy?: boolean
  /** What went wrong with the last try, said aloud. */
  problem?: string | null
  danger?: boolean
  onSubmit: () => void
  onClose: () => void
  children?: ReactNode
}

/** A modal form of the floor's screen: a title, fields, what went wrong, and its two buttons. */
export function FormDialog({
  title,
  text,
  submit,
  cancel,
  busy = false,
  problem,
  danger = false,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const handleSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!busy) onSubmit()
  }
  return (
    <AdminDialog title={title} text={text} onClose={onClose}>
      <form className="admin-dialog__form" onSubmit={handleSubmit} noValidate>
        {children}
        {problem ? (
          <p className="admin-dialog__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            {cancel}
          </button>
          <button
            type="submit"
            className={`${buttonClass('primary')}${danger ? ' admin-dialog__danger' : ''}`}
            aria-disabled={busy || undefined}
          >
            {submit}
          </button>
        </div>
      </form>
    </AdminDialog>
  )
}

interface FieldProps {
  label: string
  hint?: string
  error?: string | undefined
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode
}

/** A labelled field with its hint and its error, tied to the control for screen readers. */
export function AdminField({ label, hint, error, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className="admin-field" data-invalid={error ? true : undefined}>
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy: describedBy || undefined })}
      {hint ? (
        <p className="admin-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
