import type { InputHTMLAttributes, Ref } from 'react'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import { fieldId, type CheckoutField, type FieldProblem } from '../checkout-form'
import { FieldProblemText, problemProps } from './field-problem'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  field: CheckoutField
  label: string
  problem: FieldProblem | undefined
  hint?: string
  optional?: boolean
  inputRef?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and its problem, wired for screen readers. */
export function TextField({
  field,
  label,
  problem,
  hint,
  optional = false,
  inputRef,
  className,
  ...input
}: TextFieldProps) {
  const { t } = useMessages(checkoutMessages)
  const id = fieldId(field)
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> · {t('optional')}</span> : null}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="field__input"
        required={!optional}
        {...problemProps(field, problem, hintId)}
        {...input}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldProblemText field={field} problem={problem} />
    </div>
  )
}
