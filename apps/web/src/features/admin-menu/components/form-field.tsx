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

interface TextFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: string
  inputMode?: 'decimal' | 'numeric'
  type?: 'text' | 'time' | 'datetime-local'
  multiline?: boolean
}

/** A text input (or a few lines) in a `Field`, marked invalid while the server says so. */
export function TextField({ label, value, onChange, error, hint, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      {({ id, describedBy, invalid }) =>
        input.multiline ? (
          <textarea
            id={id}
            rows={3}
            value={value}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              onChange(event.target.value)
            }}
          />
        ) : (
          <input
            id={id}
            type={input.type ?? 'text'}
            value={value}
            inputMode={input.inputMode}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              onChange(event.target.value)
            }}
          />
        )
      }
    </Field>
  )
}

interface SelectFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: string
  /** The options. */
  children: ReactNode
}

/** A select in a `Field`: marked invalid while its error shows, as a text field is. */
export function SelectField({ label, value, onChange, error, hint, children }: SelectFieldProps) {
  return (
    <Field label={label} error={error} {...(hint ? { hint } : {})}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            onChange(event.target.value)
          }}
        >
          {children}
        </select>
      )}
    </Field>
  )
}

/**
 * A group of fields under a legend. Its error is tied to the group with `aria-describedby`:
 * `aria-invalid` is not for a group (its checkboxes are each valid or not on their own).
 */
export function FieldSet({
  legend,
  error,
  className,
  children,
}: {
  legend: string
  error?: string | undefined
  className?: string
  children: ReactNode
}) {
  const errorId = `${useId()}-error`
  return (
    <fieldset
      className={`admin-fieldset${className ? ` ${className}` : ''}`}
      data-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{legend}</legend>
      {children}
      {error ? (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/** Checkboxes for a list of values, under a legend, with the list's error for the group. */
export function CheckboxGroup<V extends string>({
  legend,
  values,
  chosen,
  label,
  error,
  onChange,
}: {
  legend: string
  values: readonly V[]
  chosen: readonly V[]
  label: (value: V) => string
  error?: string | undefined
  onChange: (chosen: V[]) => void
}) {
  return (
    <FieldSet legend={legend} error={error}>
      <div className="admin-menu__checks">
        {values.map((value) => (
          <label key={value}>
            <input
              type="checkbox"
              checked={chosen.includes(value)}
              onChange={() => {
                onChange(
                  chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value],
                )
              }}
            />
            {label(value)}
          </label>
        ))}
      </div>
    </FieldSet>
  )
}
