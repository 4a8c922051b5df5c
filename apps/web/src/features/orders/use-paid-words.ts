import type { PaidWith, PaymentStatus } from '@tableside/contracts/orders'
import type { OrderType } from '@tableside/contracts/restaurants'
import { paidWithText } from '../../lib/paid-with-words'
import { useMessages } from '../../lib/i18n/use-translation'
import { orderWords } from './order-messages'

/**
 * How an order was actually paid, in a list's words (issue 28): «Оплачен картой онлайн», or
 * «Деньги возвращены (оплачен …)» once refunded; null while nothing is paid of it.
 */
export function usePaidWords(order: {
  type: OrderType
  paymentStatus: PaymentStatus
  paidWith: PaidWith
}): string | null {
  const { t, language } = useMessages(orderWords)
  const way = paidWithText(order.paidWith, order.type, language)
  if (way === null) return null
  if (order.paymentStatus === 'paid') return t('paidWith', { way })
  if (order.paymentStatus === 'refunded') return t('refundedWith', { way })
  return null
}
