import { useId, type ReactNode } from 'react'
import type { Order } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { formatPrice } from '../../../lib/format-price'
import { formatOrderTime } from '../format-time'
import { orderWords } from '../order-messages'
import { orderRefund, orderRefundReasons } from '../order-refund'
import { CancelOrder } from './cancel-order'
import { OrderFacts } from './order-facts'
import { OrderLines } from './order-lines'
import { OrderStatusChip } from './order-status-chip'
import { OrderTimelineView } from './order-timeline-view'
import { OrderTotals } from './order-totals'
import './order-view.css'

const messages = defineMessages({
  en: {
    placedAt: 'placed at {time}',
    status: 'Status',
    statusNow: 'Order status: {status}',
    timeline: 'How the order is going',
    details: 'Details',
    dishes: 'Dishes',
    dishList: 'Dishes in the order',
    cancelledNote: 'This order was cancelled: it is not cooked and not charged.',
    refundInProgress:
      'Refund of {amount} arranged: the money will come back to the card you paid with. Banks take up to a few days to show it.',
    refundInProgressSbp:
      'Refund of {amount} arranged: the money will come back to the account you paid from by SBP. Banks take up to a few days to show it.',
    refunded: '{amount} refunded: the money went back the way it was paid.',
    refundFailed:
      'The refund of {amount} could not be made: the bank refused it. The restaurant will contact you about it.',
    refundPart: 'Refunded {amount}: «{reason}»',
    refundTip: 'Tip refunded, {amount}: «{reason}»',
    refundWhole: 'Cancelled by the restaurant: «{reason}»',
    comp: 'On the house, {takenOff}: «{reason}»',
  },
  ru: {
    placedAt: 'оформлен в {time}',
    status: 'Статус',
    statusNow: 'Статус заказа: {status}',
    timeline: 'Как идёт заказ',
    details: 'Детали',
    dishes: 'Блюда',
    dishList: 'Блюда в заказе',
    cancelledNote: 'Заказ отменён: его не готовят, и оплачивать его не нужно.',
    refundInProgress:
      'Возврат {amount} оформлен, деньги придут на карту, которой платили. Банку на это нужно до нескольких дней.',
    refundInProgressSbp:
      'Возврат {amount} оформлен, деньги придут на счёт, с которого платили по СБП. Банку на это нужно до нескольких дней.',
    refunded: 'Возвращено {amount}: деньги ушли обратно тем же способом, каким был оплачен заказ.',
    refundFailed:
      'Вернуть {amount} не получилось: банк отклонил возврат. Ресторан свяжется с вами.',
    refundPart: 'Возвращено {amount}: «{reason}»',
    refundTip: 'Чаевые возвращены, {amount}: «{reason}»',
    refundWhole: 'Ресторан отменил заказ: «{reason}»',
    comp: 'За счёт заведения, {takenOff}: «{reason}»',
  },
})

/**
 * Money on its way back goes where it came from (decision 0130): only an online refund waits for
 * the bank, so to the card, or to the account an SBP payment came from.
 */
const onItsWay = (paidWith: Order['paidWith']) =>
  paidWith.includes('sbp') && !paidWith.includes('card')
    ? 'refundInProgressSbp'
    : 'refundInProgress'

/** An order: where it is now, its way so far, where it goes and how it is paid, what is in it. */
export function OrderView({
  order,
  restaurant,
  onCancelPayment,
}: {
  order: Order
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
  /** Cancels the order's pending payment this phone started, if it knows one. */
  onCancelPayment?: (() => Promise<unknown>) | undefined
}) {
  const { t, language } = useMessages(messages)
  const words = useMessages(orderWords).t
  const refund = orderRefund(order.history)
  const reasons = orderRefundReasons(order.history)
  const why = { whole: 'refundWhole', part: 'refundPart', tip: 'refundTip', comp: 'comp' } as const
  return (
    <div className="order-view">
      <p className="order-view__meta">
        <OrderStatusChip status={order.status} />
        <span>
          {words(order.type)} ·{' '}
          {t('placedAt', { time: formatOrderTime(order.placedAt, restaurant.timezone, language) })}
        </span>
      </p>
      <p className="visually-hidden" role="status">
        {t('statusNow', { status: words(order.status) })}
      </p>
      <OrderCard title={t('status')}>
        <OrderTimelineView order={order} timeZone={restaurant.timezone} label={t('timeline')} />
        {refund ? (
          <p className="order-view__refund" role="status" data-state={refund.state}>
            {t(
              refund.state === 'done'
                ? 'refunded'
                : refund.state === 'failed'
                  ? 'refundFailed'
                  : onItsWay(order.paidWith),
              {
                amount: formatPrice(refund.amount, restaurant),
              },
            )}
          </p>
        ) : order.status === 'cancelled' ? (
          <p className="order-view__cancelled">{t('cancelledNote')}</p>
        ) : null}
        {reasons.length > 0 ? (
          <ul className="order-view__reasons">
            {reasons.map((said, index) => (
              <li key={index}>
                {t(why[said.kind], {
                  amount: formatPrice(said.amount, restaurant),
                  takenOff: formatPrice(said.takenOff, restaurant),
                  reason: said.reason,
                })}
              </li>
            ))}
          </ul>
        ) : null}
        <CancelOrder
          orderId={order.id}
          number={order.number}
          cancellable={order.cancellable}
          onCancelPayment={onCancelPayment}
        />
      </OrderCard>
      <OrderCard title={t('details')}>
        <OrderFacts order={order} restaurant={restaurant} />
      </OrderCard>
      <OrderCard title={t('dishes')}>
        <OrderLines lines={order.lines} restaurant={restaurant} label={t('dishList')} />
        <OrderTotals
          totals={order.totals}
          restaurant={restaurant}
          bonusPoints={order.bonusPoints}
        />
      </OrderCard>
    </div>
  )
}

function OrderCard({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="order-card" aria-labelledby={id}>
      <h2 id={id} className="order-card__title">
        {title}
      </h2>
      {children}
    </section>
  )
}
