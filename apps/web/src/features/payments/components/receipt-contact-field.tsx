import { useId } from 'react'
import { useMessages } from '../../../lib/i18n/use-translation'
import { paymentMessages } from '../payment-messages'
import './receipt-contact-field.css'

/** "Where to send the receipt": an email or a phone, asked where the restaurant sends receipts. */
export function ReceiptContactField({
  value,
  invalid,
  disabled,
  onChange,
}: {
  value: string
  invalid: boolean
  disabled: boolean
  onChange: (value: string) => void
}) {
  const { t } = useMessages(paymentMessages)
  const id = useId()
  return (
    <div className="receipt-contact">
      <label className="receipt-contact__label" htmlFor={id}>
        {t('receiptContact')}
      </label>
      <input
        id={id}
        className="receipt-contact__input"
        type="text"
        inputMode="email"
        autoComplete="email"
        aria-required="true"
        value={value}
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p
        id={`${id}-hint`}
        className={invalid ? 'receipt-contact__problem' : 'receipt-contact__hint'}
      >
        {invalid ? t('receiptContactInvalid') : t('receiptContactHint')}
      </p>
    </div>
  )
}
