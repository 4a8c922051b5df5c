import { queryOptions } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'
import {
  getPayment,
  paymentId as paymentIdSchema,
  type Payment,
} from '@tableside/contracts/payments'
import type { ApiClient } from '../../../lib/api-client'

/**
 * How often a pending payment is re-read. `payment.updated` makes its outcome instant; this
 * is the fallback when the socket is down or the event came before the screen listened.
 */
export const PAYMENT_POLL_MS = 3_000

/** True when the address could name a payment at all (a uuid); anything else is not asked for. */
export const isPaymentId = (id: string) => safeParse(paymentIdSchema, id).success

/** Polls only while the payment can still change. */
export function paymentPollInterval(payment: Pick<Payment, 'status'> | undefined): number | false {
  return payment === undefined || payment.status === 'pending' ? PAYMENT_POLL_MS : false
}

export function paymentQueryOptions(api: ApiClient, paymentId: string) {
  return queryOptions({
    queryKey: ['payments', paymentId],
    queryFn: ({ signal }) => api.callEndpoint(getPayment, { params: { paymentId }, signal }),
    enabled: isPaymentId(paymentId),
    staleTime: 1_000,
    refetchInterval: (query) =>
      query.state.status === 'error' ? false : paymentPollInterval(query.state.data),
  })
}
