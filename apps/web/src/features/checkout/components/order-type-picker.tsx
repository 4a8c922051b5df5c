import type { OrderType } from '@tableside/contracts/restaurants'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import { fieldId, type FieldProblem } from '../checkout-form'
import { FieldProblemText, problemProps } from './field-problem'
import '../../../components/ui/choice-card.css'

interface OrderTypePickerProps {
  types: readonly OrderType[]
  value: OrderType | null
  /** The table this browser sits at; without one, ordering to a table is not offered. */
  tableLabel: string | null
  pickupAddress: string | null
  problem: FieldProblem | undefined
  onChange: (type: OrderType) => void
}

/** To the table, delivery, pickup or a pre-order: the restaurant's enabled ways, as cards. */
export function OrderTypePicker({
  types,
  value,
  tableLabel,
  pickupAddress,
  problem,
  onChange,
}: OrderTypePickerProps) {
  const { t } = useMessages(checkoutMessages)
  const hint = (type: OrderType) => {
    switch (type) {
      case 'dine_in':
        return tableLabel ? t('dineInHint', { table: tableLabel }) : t('dineInNoTable')
      case 'delivery':
        return t('deliveryHint')
      case 'pickup':
        return pickupAddress ? t('pickupHint', { address: pickupAddress }) : t('pickupHintPlain')
      case 'preorder':
        return t('preorderHint')
    }
  }
  return (
    <fieldset className="checkout-section" {...problemProps('type', problem)}>
      <legend className="checkout-section__title">{t('typeLegend')}</legend>
      <div className="choice-cards" id={fieldId('type')} tabIndex={-1}>
        {types.map((type) => {
          const disabled = type === 'dine_in' && tableLabel === null
          return (
            <label key={type} className="choice-card" data-disabled={disabled || undefined}>
              <input
                type="radio"
                name="order-type"
                className="choice-card__input"
                value={type}
                checked={value === type}
                disabled={disabled}
                onChange={() => onChange(type)}
              />
              <span className="choice-card__body">
                <span className="choice-card__title">{t(type)}</span>
                <span className="choice-card__hint">{hint(type)}</span>
              </span>
            </label>
          )
        })}
      </div>
      <FieldProblemText field="type" problem={problem} />
    </fieldset>
  )
}
