import { useId } from 'react'
import { useMessages } from '../../../lib/i18n/use-translation'
import { paymentMessages } from '../payment-messages'
import './receipt-contact-field.css'

/**
 * "Where to send the receipt": an email or a phone, asked where the restaurant sends receipts;
 * for a signed-in diner (`keep` given), whether to keep it on their profile (decision 0142).
 */
export function ReceiptContactField({
  value,
  invalid,
  disabled,
  onChange,
  keep,
  onKeepChange,
}: {
  value: string
  invalid: boolean
  disabled: boolean
  onChange: (value: string) => void
  keep?: boolean
  onKeepChange?: (keep: boolean) => void
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
      {keep !== undefined && onKeepChange ? (
        <div className="receipt-contact__keep">
          <input
            id={`${id}-keep`}
            type="checkbox"
            className="receipt-contact__keep-input"
            checked={keep}
            disabled={disabled}
            onChange={(event) => onKeepChange(event.currentTarget.checked)}
          />
          <label className="receipt-contact__keep-label" htmlFor={`${id}-keep`}>
            {t('receiptContactKeep')}
          </label>
        </div>
      ) : null}
    </div>
  )
}
