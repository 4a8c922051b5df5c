import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Order } from '@tableside/contracts/orders'
import type { ApiClient } from '../../../lib/api-client'
import { testOrder } from '../test-order'
import { orderQueryOptions } from './get-order'
import { applyOrderUpdate, type OrderUpdate } from './order-updates'

const offline = () => Promise.reject(new Error('no network in this test'))
const api: ApiClient = { callEndpoint: offline, readFirst: offline }
const order = testOrder()
const { id } = order

const accepted: OrderUpdate = {
  id,
  number: 7,
  status: 'accepted',
  paymentStatus: 'unpaid',
  paidAmount: 0,
  updatedAt: '2026-05-01T12:02:00.000Z',
  history: [...order.history, { status: 'accepted', at: '2026-05-01T12:02:00.000Z' }],
  cancellable: false,
}

function cacheWithOrder(cached: Order = order) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(orderQueryOptions(api, id).queryKey, cached)
  return queryClient
}

const cached = (queryClient: QueryClient) =>
  queryClient.getQueryData(orderQueryOptions(api, id).queryKey)

describe('applyOrderUpdate', () => {
  it('moves the cached order on in place, keeping what the event does not carry', () => {
    const queryClient = cacheWithOrder()
    applyOrderUpdate(queryClient, api, accepted)
    expect(cached(queryClient)).toEqual({
      ...order,
      status: 'accepted',
      updatedAt: accepted.updatedAt,
      history: accepted.history,
      cancellable: false,
    })
  })

  it('ignores news older than what the cache holds', () => {
    const newer = { ...order, status: 'cooking' as const, updatedAt: '2026-05-01T12:05:00.000Z' }
    const queryClient = cacheWithOrder(newer)
    applyOrderUpdate(queryClient, api, accepted)
    expect(cached(queryClient)).toEqual(newer)
  })

  it('asks for the order again when a refund came, since its dishes and sums changed too', () => {
    const queryClient = cacheWithOrder()
    const { queryKey } = orderQueryOptions(api, id)
    applyOrderUpdate(queryClient, api, accepted)
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(false)
    applyOrderUpdate(queryClient, api, {
      ...accepted,
      paidAmount: 0,
      updatedAt: '2026-05-01T12:03:00.000Z',
      history: [
        ...accepted.history,
        {
          status: 'accepted',
          at: '2026-05-01T12:03:00.000Z',
          refund: { amount: 100, state: 'in_progress', kind: 'part', reason: 'Остыл' },
        },
      ],
    })
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true)
  })

  it('leaves an order nobody opened alone', () => {
    const queryClient = new QueryClient()
    applyOrderUpdate(queryClient, api, accepted)
    expect(cached(queryClient)).toBeUndefined()
  })
})
