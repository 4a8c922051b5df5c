import { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { describe, expect, it } from 'vitest'
import { parse } from 'zod/v4/core'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type { Endpoint } from '@tableside/contracts/endpoint'
import type { ApiClient, CallArgs, DeferredEndpoint } from '../../lib/api-client'
import { testOrder } from '../../features/orders/test-order'
import { ApiError } from '../../lib/api-error'
import { testRestaurant } from '../../lib/test-restaurant'
import { isOnlinePayment, onlinePaymentDecision } from './is-online-payment'

const restaurant = testRestaurant()

const order = testOrder({
  totals: { subtotal: 1500, serviceCharge: 0, deliveryFee: 0, discount: 0, tip: 0, total: 1500 },
  paymentMethod: 'card',
})
const orderId = order.id

const online = (settings: Partial<Restaurant['settings']>): Restaurant =>
  testRestaurant({ settings })

describe('onlinePaymentDecision', () => {
  it('lets through an unpaid order with card or SBP at a restaurant taking payments online', () => {
    expect(onlinePaymentDecision(order, restaurant)).toEqual({ ok: true })
    expect(onlinePaymentDecision({ ...order, paymentMethod: 'sbp' }, restaurant)).toEqual({
      ok: true,
    })
  })

  it('lets through a partly paid order and one whose payment is under way', () => {
    expect(onlinePaymentDecision({ ...order, paidAmount: 500 }, restaurant)).toEqual({ ok: true })
    expect(onlinePaymentDecision({ ...order, paymentStatus: 'pending' }, restaurant)).toEqual({
      ok: true,
    })
  })

  it('sends a cash order back: it is paid to the waiter', () => {
    expect(onlinePaymentDecision({ ...order, paymentMethod: 'cash' }, restaurant)).toEqual({
      ok: false,
      notice: 'paid-in-cash',
    })
  })

  it('sends a paid, refunded or fully covered order back', () => {
    for (const paymentStatus of ['paid', 'refunded'] as const) {
      expect(onlinePaymentDecision({ ...order, paymentStatus }, restaurant)).toEqual({
        ok: false,
        notice: 'already-paid',
      })
    }
    expect(onlinePaymentDecision({ ...order, paidAmount: 1500 }, restaurant)).toEqual({
      ok: false,
      notice: 'nothing-due',
    })
  })

  it('sends a cancelled order back before anything else', () => {
    const cancelled = { ...order, status: 'cancelled', paymentMethod: 'cash' } as const
    expect(onlinePaymentDecision(cancelled, restaurant)).toEqual({
      ok: false,
      notice: 'cancelled',
    })
  })

  it('sends the order back when the restaurant no longer takes payments online', () => {
    expect(onlinePaymentDecision(order, online({ onlinePayment: false }))).toEqual({
      ok: false,
      notice: 'online-off',
    })
    expect(onlinePaymentDecision(order, online({ paymentMethods: ['cash'] }))).toEqual({
      ok: false,
      notice: 'online-off',
    })
  })

  it('does not reveal another restaurant’s order', () => {
    expect(onlinePaymentDecision({ ...order, restaurantId: 'other' }, restaurant)).toEqual({
      ok: false,
    })
  })
})

/** Answers each endpoint by its path, through the endpoint's own response schema. */
function apiAnswering(answers: Record<string, unknown>) {
  const asked: { path: string; options: unknown }[] = []
  const api: ApiClient = {
    callEndpoint: <E extends Endpoint>(endpoint: E, ...options: CallArgs<E>) => {
      asked.push({ path: endpoint.path, options: options[0] })
      const answer = answers[endpoint.path]
      if (answer instanceof Error) return Promise.reject(answer)
      return Promise.resolve(parse<E['response']>(endpoint.response, answer))
    },
    readFirst: async <E extends Endpoint>(
      endpoint: DeferredEndpoint<E>,
      ...options: CallArgs<E>
    ) => {
      asked.push({ path: endpoint.route.path, options: options[0] })
      const answer = answers[endpoint.route.path]
      if (answer instanceof Error) throw answer
      return parse<E['response']>((await endpoint.load()).response, answer)
    },
  }
  return Object.assign(api, { asked })
}

function run(api: ApiClient, id = orderId) {
  const guard = isOnlinePayment({ queryClient: new QueryClient(), api })
  const url = new URL(`http://localhost/rest/demo/order/${id}/pay`)
  const args: LoaderFunctionArgs = {
    params: { restaurant_id: 'demo', id },
    request: new Request(url),
    url,
    pattern: '/rest/:restaurant_id/order/:id/pay',
    context: undefined,
  }
  return guard(args)
}

const location = (result: unknown) =>
  result instanceof Response ? result.headers.get('Location') : result

describe('isOnlinePayment', () => {
  const restaurantPath = '/restaurants/:restaurantId'
  const orderPath = '/orders/:orderId'

  it('lets an order that may be paid online through to Pay', async () => {
    const api = apiAnswering({ [restaurantPath]: restaurant, [orderPath]: order })
    expect(await run(api)).toBeNull()
    const askedForOrder = api.asked.find((call) => call.path === orderPath)
    expect(askedForOrder?.options).toMatchObject({ params: { orderId } })
  })

  it('redirects to the order with the reason as its notice', async () => {
    const api = apiAnswering({
      [restaurantPath]: restaurant,
      [orderPath]: { ...order, paymentMethod: 'cash' },
    })
    expect(location(await run(api))).toBe(`/rest/demo/order/${orderId}?notice=paid-in-cash`)
  })

  it('leaves an unknown order to the order screen, which says it is not found', async () => {
    const api = apiAnswering({
      [restaurantPath]: restaurant,
      [orderPath]: new ApiError(404, 'not_found', 'No such order'),
    })
    expect(location(await run(api))).toBe(`/rest/demo/order/${orderId}`)
    expect(location(await run(api, '42'))).toBe('/rest/demo/order/42')
  })

  it('lets any other failure reach the error page', async () => {
    const api = apiAnswering({
      [restaurantPath]: restaurant,
      [orderPath]: new ApiError(0, 'network_error', 'offline'),
    })
    await expect(run(api)).rejects.toThrow('offline')
  })
})
