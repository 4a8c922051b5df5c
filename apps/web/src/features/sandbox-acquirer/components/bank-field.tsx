import { useId, type InputHTMLAttributes, type Ref } from 'react'
import { AlertIcon } from '../../../components/ui/status-icons'

interface BankFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  hint?: string
  problem: string | undefined
  inputRef?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and its problem, wired for screen readers. */
export function BankField({ label, hint, problem, inputRef, className, ...input }: BankFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const problemId = `${id}-problem`
  const described = [problem ? problemId : null, hint ? hintId : null].filter(Boolean).join(' ')
  return (
    <div className={`bank-field${className ? ` ${className}` : ''}`}>
      <label className="bank-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="bank-field__input"
        type="text"
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint ? (
        <p className="bank-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p className="bank-field__problem" id={problemId}>
          <AlertIcon size={16} />
          {problem}
        </p>
      ) : null}
    </div>
  )
}
