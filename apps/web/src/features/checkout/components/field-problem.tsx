import { MAX_GUESTS } from '@tableside/contracts/orders'
import { AlertIcon } from '../../../components/ui/status-icons'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import { fieldErrorId, type CheckoutField, type FieldProblem } from '../checkout-form'

/** A field's problem beside it, named by the field's aria-describedby. */
export function FieldProblemText({
  field,
  problem,
}: {
  field: CheckoutField
  problem: FieldProblem | undefined
}) {
  const { t } = useMessages(checkoutMessages)
  if (!problem) return null
  return (
    <p className="field__error" id={fieldErrorId(field)}>
      <AlertIcon size={16} />
      {'key' in problem ? t(problem.key, { max: MAX_GUESTS }) : problem.text}
    </p>
  )
}

/** aria-invalid and aria-describedby for a field's control. */
export function problemProps(
  field: CheckoutField,
  problem: FieldProblem | undefined,
  hintId?: string,
) {
  const described = [problem ? fieldErrorId(field) : null, hintId ?? null].filter(Boolean)
  return {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
  }
}
