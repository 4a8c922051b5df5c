import type { ReactNode } from 'react'
import type { FloorOrder } from '@tableside/contracts/garcon-floor'
import { awaitsPayment } from '@tableside/contracts/orders'
import type { OrderType } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { localized } from '../../../lib/i18n/localized-text'
import { useLanguage } from '../../../lib/i18n/use-translation'
import { usePaidWithText } from '../../../lib/paid-with-words'
import { actionId, type FloorAction } from './floor-api'
import { canCancel, orderDue, stepButtons, stepLabel } from './floor-logic'
import type { FloorT } from './floor-messages'
import type { Sheet } from './floor-sheets'

/** What every order on the floor needs to show its buttons and act: the floor hands it down. */
export interface FloorActions {
  t: FloorT
  money: (minor: number) => string
  /** The action in flight, by `actionId`: its button says so, the others wait. */
  pendingId: string | undefined
  /** The error line under the button whose action failed, if it is this one. */
  failedHere: (id: string) => ReactNode
  act: (action: FloorAction) => void
  openSheet: (sheet: Sheet) => void
  /** The restaurant cooks prepaid orders before their money arrives (its setting). */
  cooksBeforePaid: boolean
  /** The restaurant lets waiters cancel paid orders, refund and comp (its `waiterRefunds`). */
  refunds: boolean
}

export interface OrderRowProps extends FloorActions {
  order: FloorOrder
  /** A table's order is dine-in; a delivery, pickup or pre-order has its own last steps. */
  type?: OrderType
  /** Shown under the order's heading: whom a delivery or pickup is for, where and when. */
  children?: ReactNode
}

/** An order: who placed it, what, how far it is, and the steps, cash and cancel for it. */
export function OrderRow({
  order,
  type = 'dine_in',
  children,
  t,
  money,
  pendingId,
  failedHere,
  act,
  openSheet,
  cooksBeforePaid,
  refunds,
}: OrderRowProps) {
  const language = useLanguage()
  const due = orderDue(order)
  // A prepaid order goes to the kitchen once its money is there, unless the restaurant cooks first.
  const waitsForMoney = awaitsPayment(
    { type, paymentMethod: order.paymentMethod, paymentStatus: order.paymentStatus },
    { kitchenBeforeOnlinePayment: cooksBeforePaid },
  )
  // A paid order's cancel gives its money back and asks about its tip: the waiter's refund sheet.
  const paid = order.paidAmount > 0
  const refundable = refunds && order.status !== 'cancelled'
  const steps = stepButtons(type, order.status).filter(
    (status) => !(status === 'accepted' && waitsForMoney),
  )
  return (
    <li className="floor-order" data-status={order.status}>
      <div className="floor-order__head">
        <strong>{t('orderNumber', { number: order.number })}</strong>
        <span className="floor-order__status" data-status={order.status}>
          {t(`status_${order.status}`)}
        </span>
        <span className="floor-order__by">
          {order.placedBy ? t('byWaiter', { name: order.placedBy.name }) : t('byGuest')}
        </span>
        <span className="floor-order__total">{money(order.total)}</span>
      </div>
      {children}
      <ul className="floor-order__lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            {line.quantity} × {localized(line.name, language)}
            {line.modifiers.length > 0
              ? ` (${line.modifiers.map((modifier) => localized(modifier.name, language)).join(', ')})`
              : ''}
            {line.comment ? <span className="floor-order__comment"> — {line.comment}</span> : null}
          </li>
        ))}
      </ul>
      {order.comment ? <p className="floor-order__comment">{order.comment}</p> : null}
      <PaymentLine order={order} type={type} t={t} />
      {waitsForMoney && order.status === 'placed' ? (
        <p className="floor-order__waits">{t('kitchenAfterPayment')}</p>
      ) : null}
      {steps.length > 0 || canCancel(type, order.status) || due > 0 || refundable ? (
        <div className="floor__buttons">
          {steps.map((status) => {
            const id = actionId({ kind: 'status', orderId: order.id, status })
            return (
              <button
                key={status}
                type="button"
                className={buttonClass('primary')}
                disabled={pendingId !== undefined}
                aria-busy={pendingId === id || undefined}
                onClick={() => act({ kind: 'status', orderId: order.id, status })}
              >
                {pendingId === id ? t('working') : t(stepLabel(type, status))}
              </button>
            )
          })}
          {due > 0 ? (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => openSheet({ kind: 'order-cash', order })}
            >
              {t('cashForOrder', { amount: money(due) })}
            </button>
          ) : null}
          {canCancel(type, order.status) ? (
            <button
              type="button"
              className={`${buttonClass('secondary')} floor__danger`}
              onClick={() =>
                openSheet(
                  refunds && paid
                    ? { kind: 'refund', refund: 'cancel', order }
                    : { kind: 'cancel', order },
                )
              }
            >
              {t('cancel')}
            </button>
          ) : null}
          {refundable ? (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => openSheet({ kind: 'refund', refund: 'lines', order })}
            >
              {t('refundOrder')}
            </button>
          ) : null}
        </div>
      ) : null}
      {steps.map((status) => (
        <span key={status}>
          {failedHere(actionId({ kind: 'status', orderId: order.id, status }))}
        </span>
      ))}
    </li>
  )
}

/**
 * How the order is paid, as it is (issue 28): paid and how; being paid online (nothing has
 * arrived); its online payment failed or was given up, to collect or cancel; or not yet, and how.
 */
function PaymentLine({ order, type, t }: { order: FloorOrder; type: OrderType; t: FloorT }) {
  // How it was actually paid, from its payments; until money came in, the way chosen.
  const paidWith = usePaidWithText()(order.paidWith, type)
  if (order.paymentStatus === 'refunded' && paidWith) {
    return <p className="floor-order__payment">{t('refundedBy', { way: paidWith })}</p>
  }
  if (order.status === 'cancelled') return null
  const way =
    paidWith ??
    t(
      `way_${order.paymentMethod === 'cash' && type !== 'dine_in' ? 'cash_away' : order.paymentMethod}`,
    )
  switch (order.paymentStatus) {
    case 'paid':
      return <p className="floor-order__paid">{t('paidBy', { way })}</p>
    case 'pending':
      return <p className="floor-order__payment">{t('pendingMark')}</p>
    case 'failed':
      return (
        <p className="floor-order__payment" data-tone="alert">
          {t('failedMark')}
        </p>
      )
    case 'unpaid':
    case 'refunded':
      return <p className="floor-order__payment">{t('unpaidBy', { way })}</p>
  }
}
