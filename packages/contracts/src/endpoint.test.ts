import { describe, expect, it } from 'vitest'
import { fillPath } from './endpoint'

describe('fillPath', () => {
  it('fills every placeholder', () => {
    expect(fillPath('/orders/:orderId/payments/:id', { orderId: 'o-1', id: 7 })).toBe(
      '/orders/o-1/payments/7',
    )
  })

  it('encodes values so an id can never change the path', () => {
    expect(fillPath('/restaurants/:restaurantId', { restaurantId: '../admin?x=1' })).toBe(
      '/restaurants/..%2Fadmin%3Fx%3D1',
    )
  })

  it('refuses a missing parameter', () => {
    expect(() => fillPath('/restaurants/:restaurantId', {})).toThrow(/restaurantId/)
  })
})
