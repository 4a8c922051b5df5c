import { REFUND_CHASE_DAYS, REFUND_CHASE_MS, type OrderDetail } from '@tableside/contracts/refunds'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { OrderPanelState } from '../hooks/use-order-panel'
import { orderPanelMessages } from '../order-panel-messages'
import { ReceiptLine } from './receipt-line'

/** The order's refunds and comps; one the bank refused is asked again, one it holds is chased. */
export function OrderRefunds({
  detail,
  panel: { price, when, openedAt, busy, retryRefund },
}: {
  detail: OrderDetail
  panel: Pick<OrderPanelState, 'price' | 'when' | 'openedAt' | 'busy' | 'retryRefund'>
}) {
  const { t } = useMessages(orderPanelMessages)
  return (
    <section aria-label={t('refunds')}>
      <h3 className="order-panel__heading">{t('refunds')}</h3>
      {detail.refunds.length === 0 ? (
        <p className="order-panel__muted">{t('noRefunds')}</p>
      ) : (
        <ul className="order-panel__list">
          {detail.refunds.map((refund) => (
            <li key={refund.id} className="order-panel__refund" data-state={refund.state}>
              <span>
                {t('refundRow', {
                  time: when(refund.createdAt),
                  kind: t(`kind_${refund.kind}`),
                  way: t(`way_${refund.way}`),
                  amount: price(refund.way === 'none' ? refund.takenOff : refund.amount),
                  reason: refund.reason,
                  actor: refund.actor.name,
                  state: t(
                    refund.way === 'points' && refund.state === 'failed'
                      ? 'state_undone'
                      : `state_${refund.state}`,
                  ),
                })}
              </span>
              <ReceiptLine
                receipt={detail.receipts.find((receipt) => receipt.refundId === refund.id)}
                price={price}
              />
              {refund.state === 'in_progress' &&
              refund.way === 'online' &&
              openedAt - Date.parse(refund.createdAt) > REFUND_CHASE_MS ? (
                <span className="order-panel__slow" role="status">
                  {t('slowRefund', { days: REFUND_CHASE_DAYS })}
                </span>
              ) : null}
              {refund.state === 'failed' && refund.way === 'online' ? (
                <span className="order-panel__retry">
                  <span role="status">{t('retryNote')}</span>
                  <button
                    type="button"
                    className={buttonClass('secondary')}
                    aria-disabled={busy}
                    onClick={() => retryRefund(refund.id)}
                  >
                    {t('retry')}
                  </button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
