import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../lib/api-client'
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
