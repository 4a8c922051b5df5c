import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import {
  fieldId,
  type CheckoutField,
  type CheckoutValues,
  type FieldProblem,
  type FieldProblems,
} from '../checkout-form'
import type { RememberedContact } from '../contact-memory'
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

/** A value the diner types as it is (the phone is masked: not one of them). */
type TypedField = Exclude<keyof RememberedContact, 'phone'>

/**
 * `TextField`'s props for the checkout's typed values, by name: the label, the problem, the
 * value and how a change reaches the form.
 */
export function useTypedFields<Field extends TypedField>(
  values: Pick<CheckoutValues, Field>,
  problems: FieldProblems,
  onChange: (patch: Partial<CheckoutValues>) => void,
) {
  const { t } = useMessages(checkoutMessages)
  return (field: Field) => ({
    field,
    label: t(field),
    problem: problems[field],
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      onChange({ [field]: event.currentTarget.value })
    },
  })
}
