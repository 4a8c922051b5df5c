import type { OrderType, PaymentMethod } from '@tableside/contracts/restaurants'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import { fieldId, type FieldProblem } from '../checkout-form'
import { cashHintKey } from '../payment-methods'
import { FieldProblemText, problemProps } from './field-problem'
import '../../../components/ui/choice-card.css'

interface PaymentPickerProps {
  methods: readonly PaymentMethod[]
  value: PaymentMethod
  type: OrderType
  problem: FieldProblem | undefined
  onChange: (method: PaymentMethod) => void
}

/** How the diner pays: only the ways this restaurant takes now (see payment-methods.ts). */
export function PaymentPicker({ methods, value, type, problem, onChange }: PaymentPickerProps) {
  const { t } = useMessages(checkoutMessages)
  return (
    <fieldset className="checkout-section" {...problemProps('paymentMethod', problem)}>
      <legend className="checkout-section__title">{t('paymentLegend')}</legend>
      {/* One way to pay per row: "Наличными" and its hint need the width at 360 px. */}
      <div
        className="choice-cards choice-cards--stacked"
        id={fieldId('paymentMethod')}
        tabIndex={-1}
      >
        {methods.map((method) => (
          <label key={method} className="choice-card">
            <input
              type="radio"
              name="payment-method"
              className="choice-card__input"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
            />
            <span className="choice-card__body">
              <span className="choice-card__title">{t(method)}</span>
              {method === 'cash' ? (
                <span className="choice-card__hint">{t(cashHintKey(type))}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <FieldProblemText field="paymentMethod" problem={problem} />
    </fieldset>
  )
}
