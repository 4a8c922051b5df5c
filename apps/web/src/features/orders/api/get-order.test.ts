import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../lib/api-client'
import { testOrder } from '../test-order'
import { isOrderId, ORDER_POLL_MS, orderPollInterval, orderQueryOptions } from './get-order'

const offline = () => Promise.reject(new Error('no network in this test'))
const api: ApiClient = { callEndpoint: offline, readFirst: offline }

describe('orderQueryOptions', () => {
  it('asks only for ids that can be orders', () => {
    expect(isOrderId('0b6f7c1e-1d2a-4c3b-8e4f-5a6b7c8d9e0f')).toBe(true)
    expect(isOrderId('42')).toBe(false)
    expect(orderQueryOptions(api, '42').enabled).toBe(false)
  })

  it('keeps a slow poll under live updates while the order moves, and stops when it is over', () => {
    expect(orderPollInterval(undefined)).toBe(ORDER_POLL_MS)
    expect(orderPollInterval({ status: 'cooking', paymentStatus: 'unpaid' })).toBe(ORDER_POLL_MS)
    expect(orderPollInterval({ status: 'completed', paymentStatus: 'paid' })).toBe(false)
    expect(orderPollInterval({ status: 'cancelled', paymentStatus: 'unpaid' })).toBe(false)
    expect(orderPollInterval({ status: 'completed', paymentStatus: 'pending' })).toBe(ORDER_POLL_MS)
  })
})

describe('an order read back', () => {
  it('never puts back an older state of the order than the one on screen', async () => {
    const placed = testOrder()
    const cancelled = {
      ...placed,
      status: 'cancelled' as const,
      updatedAt: new Date(Date.parse(placed.updatedAt) + 1_000).toISOString(),
    }
    // A read that left before the diner's cancel answers after it.
    let answer = placed
    let reads = 0
    const reading: ApiClient = {
      callEndpoint: () => {
        reads += 1
        return Promise.resolve(answer) as never
      },
      readFirst: offline,
    }
    const queryClient = new QueryClient()
    const options = orderQueryOptions(reading, placed.id)
    queryClient.setQueryData(options.queryKey, cancelled)
    await queryClient.query({ ...options, staleTime: 0 })
    expect(reads).toBe(1)
    expect(queryClient.getQueryData(options.queryKey)?.status).toBe('cancelled')
    // A later state read back is taken.
    answer = {
      ...cancelled,
      paymentStatus: 'refunded',
      updatedAt: new Date(Date.parse(cancelled.updatedAt) + 1_000).toISOString(),
    }
    await queryClient.query({ ...options, staleTime: 0 })
    expect(reads).toBe(2)
    expect(queryClient.getQueryData(options.queryKey)?.paymentStatus).toBe('refunded')
  })
})
