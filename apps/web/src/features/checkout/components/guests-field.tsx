import { MAX_GUESTS } from '@tableside/contracts/orders'
import { NumberStepperInput } from '../../../components/ui/number-stepper'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import { fieldId, type FieldProblem } from '../checkout-form'
import { FieldProblemText, problemProps } from './field-problem'

interface GuestsFieldProps {
  value: number
  problem: FieldProblem | undefined
  onChange: (guests: number) => void
}

const clamp = (n: number) => Math.min(MAX_GUESTS, Math.max(1, n))

/** How many are coming, for a pre-order: − 2 + */
export function GuestsField({ value, problem, onChange }: GuestsFieldProps) {
  const { t } = useMessages(checkoutMessages)
  return (
    <div className="field">
      <label className="field__label" htmlFor={fieldId('guests')}>
        {t('guests')}
      </label>
      <NumberStepperInput
        className="guests"
        id={fieldId('guests')}
        value={value}
        min={1}
        max={MAX_GUESTS}
        decreaseLabel={t('fewerGuests')}
        increaseLabel={t('moreGuests')}
        onDecrease={() => onChange(clamp(value - 1))}
        onIncrease={() => onChange(clamp(value + 1))}
        onType={(typed) => onChange(Math.trunc(typed) || 0)}
        {...problemProps('guests', problem)}
      />
      <FieldProblemText field="guests" problem={problem} />
    </div>
  )
}
