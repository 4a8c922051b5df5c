import type { OrderDetail } from '@tableside/contracts/refunds'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import type { OrderPanelState } from '../hooks/use-order-panel'
import { orderPanelMessages } from '../order-panel-messages'

/** The order's dishes, what was refunded or comped of each, and how many to refund now. */
export function OrderDishes({
  order,
  panel,
}: {
  order: OrderDetail['order']
  panel: Pick<OrderPanelState, 'price' | 'cancelled' | 'mode' | 'quantities' | 'setQuantity'>
}) {
  const { t, language } = useMessages(orderPanelMessages)
  const { price, mode, quantities } = panel
  const choosing = !panel.cancelled && (mode === 'part' || mode === 'comp')
  return (
    <section aria-label={t('lines')}>
      <h3 className="order-panel__heading">{t('lines')}</h3>
      <ul className="order-panel__list order-panel__list--dishes">
        {order.lines.map((line, index) => {
          const left = line.quantity - (line.refundedQuantity ?? 0) - (line.compedQuantity ?? 0)
          return (
            <li key={index} className="order-panel__line order-panel__line--dish">
              <span className={left === 0 ? 'order-panel__gone' : undefined}>
                {localized(line.name, language)} × {line.quantity} · {price(line.lineTotal)}
              </span>
              {line.refundedQuantity ? (
                <span className="order-panel__note">
                  {t('refundedShort', { count: line.refundedQuantity })}
                </span>
              ) : null}
              {line.compedQuantity ? (
                <span className="order-panel__note">
                  {t('compedShort', { count: line.compedQuantity })}
                </span>
              ) : null}
              {choosing && left > 0 ? (
                <label className="order-panel__quantity">
                  <span className="visually-hidden">
                    {t('quantityOf', { name: localized(line.name, language) })}
                  </span>
                  <input
                    type="number"
                    min={0}
                    max={left}
                    value={quantities[index] ?? 0}
                    onChange={(event) => panel.setQuantity(index, event.target.value, left)}
                  />
                  <span>{t('left', { count: left })}</span>
                </label>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
