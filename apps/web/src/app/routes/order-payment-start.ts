import type { Payment } from '@tableside/contracts/payments'
import { isApiError } from '../../lib/api-error'
import type { OrderNotice } from './order-notice'

/** Refusals of a new payment that mean the order is no longer the Pay screen's business. */
const NOTICE_OF: Partial<Record<string, OrderNotice>> = {
  already_paid: 'already-paid',
  payment_not_online: 'paid-in-cash',
  order_cancelled: 'cancelled',
  online_payment_off: 'online-off',
  nothing_due: 'nothing-due',
}

/** The order screen's notice for a refused start, when the refusal means "nothing to pay here". */
export const noticeOfStartError = (error: unknown): OrderNotice | undefined =>
  isApiError(error) ? NOTICE_OF[error.code] : undefined

/** Whether the browser should now leave for the acquirer's page to pay. */
export const leavesForAcquirer = (payment: Payment): payment is Payment & { redirectUrl: string } =>
  payment.status === 'pending' && payment.redirectUrl !== null && payment.redirectUrl !== ''

/**
 * Why a start that checkout made for the diner failed, handed to the Pay screen in the
 * navigation's state so it can say so beside its retry. Only the code travels.
 */
export interface StartFailedState {
  startFailed: string
}

export function startFailedCode(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('startFailed' in state)) return undefined
  return typeof state.startFailed === 'string' ? state.startFailed : undefined
}
