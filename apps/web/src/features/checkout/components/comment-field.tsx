import { MAX_ORDER_COMMENT } from '@tableside/contracts/orders'
import { fieldId, type FieldProblem } from '../checkout-form'
import { FieldProblemText, problemProps } from './field-problem'

interface CommentFieldProps {
  label: string
  optionalText: string
  value: string
  problem: FieldProblem | undefined
  onChange: (comment: string) => void
}

export function CommentField({ label, optionalText, value, problem, onChange }: CommentFieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={fieldId('comment')}>
        {label}
        <span className="field__optional"> · {optionalText}</span>
      </label>
      <textarea
        id={fieldId('comment')}
        className="field__input field__input--area"
        rows={2}
        maxLength={MAX_ORDER_COMMENT}
        value={value}
        {...problemProps('comment', problem)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <FieldProblemText field="comment" problem={problem} />
    </div>
  )
}
