import type { Payment } from '@tableside/contracts/payments'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { formatPaidAt } from '../format-paid-at'
import { paymentMessages } from '../payment-messages'
import { TestPaymentNote } from './test-payment-note'
import './payment-summary.css'

/**
 * The receipt's payment part: how much went through, how, when, and the tip in it; a test
 * payment says so.
 */
export function PaymentSummary({
  payment,
  restaurant,
}: {
  payment: Pick<Payment, 'amount' | 'method' | 'completedAt' | 'tip' | 'test' | 'receipt'>
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
}) {
  const { t } = useMessages(paymentMessages)
  return (
    <>
      {payment.test ? <TestPaymentNote /> : null}
      <dl className="payment-summary">
        <div className="payment-summary__row payment-summary__row--amount">
          <dt>{t('amountPaid')}</dt>
          <dd>{formatPrice(payment.amount, restaurant)}</dd>
        </div>
        <div className="payment-summary__row">
          <dt>{t('method')}</dt>
          <dd>{t(payment.method)}</dd>
        </div>
        {payment.completedAt ? (
          <div className="payment-summary__row">
            <dt>{t('paidAt')}</dt>
            <dd>{formatPaidAt(payment.completedAt, restaurant)}</dd>
          </div>
        ) : null}
        {payment.tip > 0 ? (
          <div className="payment-summary__row">
            <dt>{t('tip')}</dt>
            <dd>{formatPrice(payment.tip, restaurant)}</dd>
          </div>
        ) : null}
      </dl>
      {payment.receipt ? (
        <p className="payment-summary__receipt" role="status">
          {t(payment.receipt.state === 'failed' ? 'receiptFailed' : 'receiptSent', {
            contact: payment.receipt.contact,
          })}
        </p>
      ) : null}
    </>
  )
}
