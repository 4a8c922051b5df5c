import { useId, type InputHTMLAttributes, type Ref } from 'react'

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  hint?: string | undefined
  problem?: string | undefined
  inputRef?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and, when refused, what is wrong, read out with it. */
export function FormField({ label, hint, problem, inputRef, ...input }: FormFieldProps) {
  const id = useId()
  const hintId = useId()
  const problemId = useId()
  const describedBy = [hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ')
  return (
    <div className={`staff-field${problem ? ' staff-field--invalid' : ''}`}>
      <label htmlFor={id} className="staff-field__label">
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className="staff-field__input"
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p id={hintId} className="staff-field__hint">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="staff-field__problem">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
