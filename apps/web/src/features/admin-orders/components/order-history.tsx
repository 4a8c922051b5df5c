import type { OrderDetail } from '@tableside/contracts/refunds'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { OrderPanelState } from '../hooks/use-order-panel'
import { orderPanelMessages } from '../order-panel-messages'

/** Each step of the order, refunds among them, with the reason given. */
export function OrderHistory({
  history,
  panel: { clock, price },
}: {
  history: OrderDetail['order']['history']
  panel: Pick<OrderPanelState, 'clock' | 'price'>
}) {
  const { t } = useMessages(orderPanelMessages)
  return (
    <section aria-label={t('history')}>
      <h3 className="order-panel__heading">{t('history')}</h3>
      <ul className="order-panel__list order-panel__muted">
        {history.map((step, index) => (
          <li key={index}>
            {step.refund
              ? t('stepRefund', {
                  time: clock(step.at),
                  amount: price(step.refund.amount),
                  state: t(`state_${step.refund.state}`),
                })
              : t('step', { time: clock(step.at), status: t(`status_${step.status}`) })}
            {step.reason ? ` · «${step.reason}»` : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}
