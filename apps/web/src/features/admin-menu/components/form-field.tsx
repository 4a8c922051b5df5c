import { useId, type ReactElement, type ReactNode } from 'react'

interface FieldProps {
  label: string
  /** The server's word on this field, if any. */
  error?: string | undefined
  hint?: string
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactElement
  className?: string
}

/** A labelled input with the field's error under it, tied to it for screen readers. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ')
  return (
    <div
      className={`admin-field${className ? ` ${className}` : ''}`}
      data-invalid={error ? true : undefined}
    >
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy: describedBy || undefined, invalid: Boolean(error) })}
      {hint ? (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function FieldSet({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  )
}
