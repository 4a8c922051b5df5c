import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { expect } from 'vitest'
import { bill, order } from '@tableside/contracts/orders'
import { equalShare, payment, type Payment } from '@tableside/contracts/payments'
import { sandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import type { ProviderPaymentRequest } from '../features/payments/payment-provider'
import type { OutboundEvent } from '../features/realtime/realtime-protocol'
import { SANDBOX_SIGNATURE_HEADER } from '../adapters/sandbox-acquirer/sandbox-acquirer'
import { signWebhook } from '../adapters/sandbox-acquirer/webhook-signature'
import { TEST_SANDBOX_SECRET, type TestApp } from './test-app'

export const PIKE = { dishId: 'pike-perch', quantity: 1, optionIds: [] }
export const BORSCHT = { dishId: 'borscht', quantity: 2, optionIds: ['regular'] }

/** What diners and the acquirer do with payments, through the app's HTTP API. */
export function paymentActions(app: () => TestApp['app'], restaurantId = 'bistro') {
  const inject = (options: InjectOptions) => app().inject(options)
  const getOrder = async (id: string) =>
    order.parse((await inject({ method: 'GET', url: `/api/v1/orders/${id}` })).json())
  const getPayment = async (id: string) =>
    payment.parse((await inject({ method: 'GET', url: `/api/v1/payments/${id}` })).json())
  const refOf = (p: Payment) =>
    /\/sandbox-acquirer\/pay\/(sbx_\w+)$/.exec(p.redirectUrl ?? '')?.[1] ?? ''
  return {
    refOf,
    async place(
      tableSessionId: string,
      paymentMethod: 'cash' | 'card' | 'sbp',
      lines: unknown[] = [PIKE],
    ) {
      const response = await inject({
        method: 'POST',
        url: `/api/v1/restaurants/${restaurantId}/orders`,
        payload: { type: 'dine_in', lines, paymentMethod, tableSessionId },
        headers: { 'idempotency-key': randomUUID() },
      })
      expect(response.statusCode, response.body).toBe(201)
      return order.parse(response.json())
    },
    async startOrderPayment(orderId: string) {
      const response = await inject({
        method: 'POST',
        url: `/api/v1/orders/${orderId}/payments`,
        payload: { method: 'card' },
      })
      expect(response.statusCode).toBe(201)
      return payment.parse(response.json())
    },
    /** A card payment of what is left of the table's bill, with `tip` on top. */
    async startBillPayment(sessionId: string, tip = 0) {
      const current = bill.parse(
        (await inject({ method: 'GET', url: `/api/v1/table-sessions/${sessionId}/bill` })).json(),
      )
      const response = await inject({
        method: 'POST',
        url: `/api/v1/table-sessions/${sessionId}/payments`,
        payload: {
          method: 'card',
          choice: { mode: 'remaining' },
          tip,
          expectedAmount: current.totals.free,
        },
      })
      expect(response.statusCode, response.body).toBe(201)
      return payment.parse(response.json())
    },
    /**
     * A card payment of one of `parts` equal shares of what the table still owes (the rest when
     * `parts` is 1), by whoever `headers` say (a signed-in diner's profile token, or nobody).
     */
    async startShareOfBill(
      sessionId: string,
      parts: number,
      headers: InjectOptions['headers'] = {},
    ) {
      const current = bill.parse(
        (await inject({ method: 'GET', url: `/api/v1/table-sessions/${sessionId}/bill` })).json(),
      )
      const response = await inject({
        method: 'POST',
        url: `/api/v1/table-sessions/${sessionId}/payments`,
        headers,
        payload: {
          method: 'card',
          choice: parts > 1 ? { mode: 'share', parts } : { mode: 'remaining' },
          tip: 0,
          expectedAmount: equalShare(current.totals.due, parts),
        },
      })
      expect(response.statusCode, response.body).toBe(201)
      return payment.parse(response.json())
    },
    /**
     * Starts paying `orderId` by `method` while the acquirer answers every try with 500, its
     * requests logged in `sentToAcquirer`: the app tries three times, then tells the diner to pay
     * the waiter, and the order says so. Resolves to the three tries.
     */
    async startOrderPaymentWhileDown<Sent>(
      orderId: string,
      method: 'card' | 'sbp',
      sentToAcquirer: readonly Sent[],
    ) {
      const before = sentToAcquirer.length
      const down = await inject({
        method: 'POST',
        url: `/api/v1/orders/${orderId}/payments`,
        payload: { method },
      })
      expect(down.statusCode).toBe(503)
      expect(down.json()).toMatchObject({ error: { code: 'payment_provider_unavailable' } })
      const tries = sentToAcquirer.slice(before)
      expect(tries).toHaveLength(3)
      expect((await getOrder(orderId)).paymentStatus).toBe('failed')
      return tries
    },
    /** The diner reads `paymentId` back failed for `failureReason`, and its order `orderId` too. */
    async expectFailed(paymentId: string, orderId: string, failureReason: string) {
      expect(await getPayment(paymentId)).toMatchObject({ status: 'failed', failureReason })
      expect((await getOrder(orderId)).paymentStatus).toBe('failed')
    },
    getPayment,
    getOrder,
    billText: async (sessionId: string) =>
      (await inject({ method: 'GET', url: `/api/v1/table-sessions/${sessionId}/bill` })).body,
    cancelOrder: (id: string) => inject({ method: 'POST', url: `/api/v1/orders/${id}/cancel` }),
    cancelPayment: (id: string) => inject({ method: 'POST', url: `/api/v1/payments/${id}/cancel` }),
    payCard: (p: Payment, number: string) =>
      inject({
        method: 'POST',
        url: `/sandbox-acquirer/api/payments/${refOf(p)}/card`,
        payload: { number, expiry: '12/39', cvc: '123' },
      }),
    async acquirerState(p: Payment) {
      const response = await inject({
        method: 'GET',
        url: `/sandbox-acquirer/api/payments/${refOf(p)}`,
      })
      return sandboxPayment.parse(response.json()).state
    },
    /** A signed success webhook, as the acquirer would send for `p`. */
    succeeded(p: Payment) {
      const body = JSON.stringify({
        id: `evt_${randomUUID()}`,
        type: 'payment.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { ref: refOf(p), amount: p.amount, currency: p.currency, reason: null },
      })
      return inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signWebhook(TEST_SANDBOX_SECRET, body, new Date()),
        },
        payload: body,
      })
    },
  }
}

/** Every event the app publishes, as a subscriber of any channel would hear it. */
export function recordEvents(app: TestApp['app']): OutboundEvent[] {
  const events: OutboundEvent[] = []
  const { broadcaster } = app.realtime
  const publish = broadcaster.publish.bind(broadcaster)
  broadcaster.publish = async (event) => {
    await publish(event)
    events.push(event)
  }
  return events
}

/** What the payments service asks an acquirer's adapter for: a card payment of Бистро's order 12. */
export const providerPaymentRequest = (
  overrides: Partial<ProviderPaymentRequest> = {},
): ProviderPaymentRequest => ({
  paymentId: randomUUID(),
  amount: 101_850,
  currency: 'RUB',
  method: 'card',
  merchant: 'Бистро',
  description: 'Заказ 12',
  shopOrigin: 'http://tableside.test',
  language: 'ru',
  locale: 'ru-RU',
  successUrl: 'http://tableside.test/rest/bistro/order/1/success?payment=1',
  failUrl: 'http://tableside.test/rest/bistro/order/1/fail?payment=1',
  expiresAt: new Date(Date.now() + 15 * 60_000),
  ...overrides,
})
