import { describe, expect, it } from 'vitest'
import { readReorderedNotice, reorderedNavigationState } from './reorder-notice'

describe('what "Order again" tells the cart', () => {
  it('reads the notice it sent', () => {
    const notice = { number: 12, joined: true, same: false }
    expect(readReorderedNotice(reorderedNavigationState(notice))).toEqual(notice)
  })

  it('reads nothing from a state it did not send', () => {
    for (const state of [
      null,
      undefined,
      'reordered',
      { reordered: { number: '12' } },
      { usr: 1 },
    ]) {
      expect(readReorderedNotice(state)).toBeNull()
    }
  })
})
