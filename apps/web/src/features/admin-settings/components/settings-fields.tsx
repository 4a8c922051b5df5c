import { useId, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import { buttonClass } from '../../../components/ui/button'

interface Described {
  hint?: string | undefined
  problem?: string | undefined
}

function useDescription({ hint, problem }: Described) {
  const hintId = useId()
  const problemId = useId()
  const describedBy = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ')
  const notes = (
    <>
      {hint ? (
        <p id={hintId} className="settings-field__hint">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="settings-field__problem">
          {problem}
        </p>
      ) : null}
    </>
  )
  return { describedBy: describedBy || undefined, notes }
}

/** A labelled text box (numbers are typed as text: a comma or a dot both work). */
export function TextField({
  label,
  value,
  onChange,
  inputMode,
  type = 'text',
  wide,
  autoComplete,
  placeholder,
  ...described
}: Described & {
  label: string
  value: string
  onChange: (value: string) => void
  inputMode?: 'numeric' | 'decimal' | 'url' | 'text'
  /** `password` for a secret typed in once (an acquirer's key), never shown back. */
  type?: 'text' | 'url' | 'password'
  wide?: boolean
  autoComplete?: string
  placeholder?: string
}) {
  const id = useId()
  const { describedBy, notes } = useDescription(described)
  return (
    <div
      className={`settings-field${described.problem ? ' settings-field--invalid' : ''}${wide ? ' settings-field--wide' : ''}`}
    >
      <label htmlFor={id} className="settings-field__label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className="settings-field__input"
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={described.problem ? true : undefined}
        aria-describedby={describedBy}
      />
      {notes}
    </div>
  )
}

/** A labelled choice of one value from a list (the time zone). */
export function SelectField<Option extends string>({
  label,
  value,
  options,
  labelOf = (option) => option,
  onChange,
  ...described
}: Described & {
  label: string
  value: string
  options: readonly Option[]
  /** What an option reads as: the option itself unless told. */
  labelOf?: (option: Option) => string
  onChange: (value: string) => void
}) {
  const id = useId()
  const { describedBy, notes } = useDescription(described)
  return (
    <div className={`settings-field${described.problem ? ' settings-field--invalid' : ''}`}>
      <label htmlFor={id} className="settings-field__label">
        {label}
      </label>
      <select
        id={id}
        className="settings-field__input"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={described.problem ? true : undefined}
        aria-describedby={describedBy}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
      {notes}
    </div>
  )
}

/** A set of checkboxes with one legend, e.g. the order types the restaurant takes. */
export function CheckboxGroup<Value extends string>({
  legend,
  options,
  chosen,
  onChange,
  ...described
}: Described & {
  legend: string
  options: readonly { value: Value; label: string }[]
  chosen: readonly Value[]
  onChange: (chosen: Value[]) => void
}) {
  const { describedBy, notes } = useDescription(described)
  return (
    <fieldset
      className={`settings-choices${described.problem ? ' settings-field--invalid' : ''}`}
      aria-describedby={describedBy}
    >
      <legend className="settings-field__label">{legend}</legend>
      <div className="settings-choices__options">
        {options.map((option) => (
          <label key={option.value} className="settings-check">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={(event) => {
                const on = event.currentTarget.checked
                onChange(
                  options
                    .map((o) => o.value)
                    .filter((value) => (value === option.value ? on : chosen.includes(value))),
                )
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
      {notes}
    </fieldset>
  )
}

/** One on/off setting. */
export function Toggle({
  label,
  checked,
  onChange,
  disabled,
  ...described
}: Described & {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  const { describedBy, notes } = useDescription(described)
  return (
    <div className={`settings-field${described.problem ? ' settings-field--invalid' : ''}`}>
      <label className="settings-check">
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-describedby={describedBy}
        />
        {label}
      </label>
      {notes}
    </div>
  )
}

/** A titled group of the form: a section with its heading. */
export function SettingsGroup({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section className="settings-group" id={id} aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-group__title">
        {title}
      </h2>
      <div className="settings-group__fields">{children}</div>
    </section>
  )
}

/**
 * A group saved on its own endpoint (the profile, the acquirer): a line while it is read, an
 * alert when it cannot be, and then its editor over what was read.
 */
export function LoadedSettingsGroup<Data>({
  id,
  title,
  query,
  loading,
  loadFailed,
  children,
}: {
  id: string
  title: string
  query: UseQueryResult<Data>
  loading: string
  loadFailed: string
  children: (data: Data) => ReactNode
}) {
  return (
    <SettingsGroup id={id} title={title}>
      {query.isPending ? (
        <p className="settings-field--wide">{loading}</p>
      ) : query.isError ? (
        <p className="settings-field--wide" role="alert">
          {loadFailed}
        </p>
      ) : (
        children(query.data)
      )}
    </SettingsGroup>
  )
}

/**
 * The foot of a settings form: its save button (saying so while it saves), any other buttons,
 * and the line that says what the last save or check did.
 */
export function FormActions({
  saving,
  saveText,
  savingText,
  status,
  statusId,
  children,
}: {
  saving: boolean
  saveText: string
  savingText: string
  status: ReactNode
  statusId?: string
  children?: ReactNode
}) {
  return (
    <div className="profile-form__actions">
      <button type="submit" className={buttonClass('primary')} disabled={saving}>
        {saving ? savingText : saveText}
      </button>
      {children}
      <p id={statusId} className="profile-form__status" role="status">
        {status}
      </p>
    </div>
  )
}
