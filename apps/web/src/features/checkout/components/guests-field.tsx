import { MAX_GUESTS } from '@tableside/contracts/orders'
import { Icon } from '../../../components/ui/icon'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import { fieldId, type FieldProblem } from '../checkout-form'
import { FieldProblemText, problemProps } from './field-problem'
import '../../../components/ui/number-stepper.css'

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
      <div className="guests">
        <button
          type="button"
          className="number-stepper__button"
          aria-label={t('fewerGuests')}
          disabled={value <= 1}
          onClick={() => onChange(clamp(value - 1))}
        >
          <Icon size={20}>
            <path d="M6 12h12" />
          </Icon>
        </button>
        <input
          id={fieldId('guests')}
          className="guests__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_GUESTS}
          value={value}
          {...problemProps('guests', problem)}
          onChange={(event) => onChange(Math.trunc(event.currentTarget.valueAsNumber) || 0)}
        />
        <button
          type="button"
          className="number-stepper__button"
          aria-label={t('moreGuests')}
          disabled={value >= MAX_GUESTS}
          onClick={() => onChange(clamp(value + 1))}
        >
          <Icon size={20}>
            <path d="M6 12h12M12 6v12" />
          </Icon>
        </button>
      </div>
      <FieldProblemText field="guests" problem={problem} />
    </div>
  )
}
