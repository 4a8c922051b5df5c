import type { OrderDetail } from '@tableside/contracts/refunds'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { OrderPanelState } from '../hooks/use-order-panel'
import { orderPanelMessages } from '../order-panel-messages'

/** What the order costs now, what was paid and how, and what refunds took off. */
export function OrderSums({
  order,
  panel: { price, paidWith, takenOff },
}: {
  order: OrderDetail['order']
  panel: Pick<OrderPanelState, 'price' | 'paidWith' | 'takenOff'>
}) {
  const { t } = useMessages(orderPanelMessages)
  return (
    <p className="order-panel__sums">
      <span>
        {t('total')}: <strong>{price(order.totals.total)}</strong>
      </span>
      <span>
        {t('paid')}: <strong>{price(order.paidAmount)}</strong> · {t(`pay_${order.paymentStatus}`)}
        {paidWith ? ` · ${paidWith}` : ''}
      </span>
      {takenOff > 0 ? (
        <span>
          {t('takenOff')}: <strong>{price(takenOff)}</strong>
        </span>
      ) : null}
    </p>
  )
}
