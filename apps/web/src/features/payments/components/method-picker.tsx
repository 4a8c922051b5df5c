import { useId } from 'react'
import type { OnlinePaymentMethod } from '@tableside/contracts/payments'
import { CardIcon } from '../../../components/ui/screen-icons'
import { useMessages } from '../../../lib/i18n/use-translation'
import { paymentMessages } from '../payment-messages'
import { SbpIcon } from './payment-icons'
import '../../../components/ui/choice-card.css'
import './pay-fieldset.css'
import './method-picker.css'

interface MethodPickerProps {
  /** The online methods the restaurant takes (see `onlinePaymentMethods`); none shows a note. */
  methods: readonly OnlinePaymentMethod[]
  value: OnlinePaymentMethod | undefined
  onChange: (method: OnlinePaymentMethod) => void
  disabled?: boolean
}

/** Card or SBP, as two large cards a thumb can hit. */
export function MethodPicker({ methods, value, onChange, disabled = false }: MethodPickerProps) {
  const { t } = useMessages(paymentMessages)
  const name = useId()
  if (methods.length === 0) {
    return <p className="method-picker__none">{t('noOnlineMethods')}</p>
  }
  return (
    <fieldset className="pay-fieldset" disabled={disabled}>
      <legend className="pay-fieldset__legend">{t('methodLegend')}</legend>
      <div className="choice-cards choice-cards--stacked">
        {methods.map((method) => (
          <label key={method} className="choice-card choice-card--wide">
            <input
              type="radio"
              name={name}
              className="choice-card__input"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
            />
            <span className="method-picker__icon">
              {method === 'card' ? <CardIcon size={28} /> : <SbpIcon size={28} />}
            </span>
            <span className="choice-card__body">
              <span className="choice-card__title">{t(method)}</span>
              <span className="choice-card__hint">{t(`${method}Hint`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
