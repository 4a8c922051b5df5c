import { describe, expect, it } from 'vitest'
import { onlinePaymentMethods } from './online-methods'

describe('onlinePaymentMethods', () => {
  it('offers the online methods the restaurant enables, in its order', () => {
    expect(
      onlinePaymentMethods({ paymentMethods: ['sbp', 'cash', 'card'], onlinePayment: true }),
    ).toEqual(['sbp', 'card'])
    expect(onlinePaymentMethods({ paymentMethods: ['cash', 'card'], onlinePayment: true })).toEqual(
      ['card'],
    )
  })

  it('offers none while online payment is off', () => {
    expect(
      onlinePaymentMethods({ paymentMethods: ['cash', 'card', 'sbp'], onlinePayment: false }),
    ).toEqual([])
  })
})
