import type { OrderDetail } from '@tableside/contracts/refunds'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { OrderPanelState } from '../hooks/use-order-panel'
import { orderPanelMessages } from '../order-panel-messages'
import { ReceiptLine } from './receipt-line'

/** The order's online payments with their tips and receipts, the cash and the points. */
export function OrderPayments({
  detail,
  panel: { price, busy, refundTip },
}: {
  detail: OrderDetail
  panel: Pick<OrderPanelState, 'price' | 'busy' | 'refundTip'>
}) {
  const { t } = useMessages(orderPanelMessages)
  return (
    <section aria-label={t('payments')}>
      <h3 className="order-panel__heading">{t('payments')}</h3>
      {detail.payments.length === 0 ? (
        <p className="order-panel__muted">{t('noPayments', { paid: price(detail.cash.paid) })}</p>
      ) : (
        <ul className="order-panel__list">
          {detail.payments.map((payment) => (
            <li key={payment.id} className="order-panel__line">
              <span>
                {t('payment', {
                  method: t(`method_${payment.method}`),
                  amount: price(payment.amount),
                })}
                {payment.tip > 0
                  ? ` · ${t('tipOf', { amount: price(payment.tip), waiter: payment.waiter?.name ?? '—' })}`
                  : ''}
                {payment.tipRefunded > 0
                  ? ` · ${t('tipRefunded', { amount: price(payment.tipRefunded) })}`
                  : ''}
              </span>
              <ReceiptLine
                receipt={detail.receipts.find(
                  (receipt) => receipt.kind === 'sell' && receipt.paymentId === payment.id,
                )}
                price={price}
              />
              {payment.tip > payment.tipRefunded ? (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  aria-disabled={busy}
                  onClick={() => refundTip(payment.id)}
                >
                  {t('refundTip')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {detail.cash.paid > 0 ? (
        <p className="order-panel__muted">
          {t('cashLine', {
            paid: price(detail.cash.paid),
            refunded: price(detail.cash.refunded),
          })}
        </p>
      ) : null}
      {detail.points.spent + detail.points.takenBack > 0 ? (
        <p className="order-panel__muted">{t('points', detail.points)}</p>
      ) : null}
    </section>
  )
}
