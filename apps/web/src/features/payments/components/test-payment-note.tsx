import { useMessages } from '../../../lib/i18n/use-translation'
import { paymentMessages } from '../payment-messages'
import './test-payment-note.css'

/** Said wherever a sandbox payment shows: it was a test, and no money moved. */
export function TestPaymentNote() {
  const { t } = useMessages(paymentMessages)
  return (
    <p className="test-payment-note" role="note">
      {t('testPayment')}
    </p>
  )
}
