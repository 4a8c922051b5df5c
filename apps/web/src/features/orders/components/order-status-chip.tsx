import type { OrderStatus } from '@tableside/contracts/order-status'
import { useMessages } from '../../../lib/i18n/use-translation'
import { orderWords } from '../order-messages'
import './order-status-chip.css'

/** Where an order is, as a coloured word: waiting, in the kitchen, ready, finished, cancelled. */
export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useMessages(orderWords)
  return (
    <span className="order-status-chip" data-status={status}>
      {t(status)}
    </span>
  )
}
