import { describe, expect, it } from 'vitest'
import { historyPoints } from './history-points'

describe('historyPoints', () => {
  it('says nothing for an order that neither earned nor spent', () => {
    expect(historyPoints({ earned: 0, pending: 0, spent: 0 })).toEqual([])
  })

  it('says earned points apart from those still waiting for the order to be done', () => {
    expect(historyPoints({ earned: 50, pending: 50, spent: 0 })).toEqual([
      { kind: 'pending', points: 50 },
    ])
    expect(historyPoints({ earned: 50, pending: 0, spent: 30 })).toEqual([
      { kind: 'earned', points: 50 },
      { kind: 'spent', points: 30 },
    ])
    // A refund kept part pending and took back the rest: only what is left is said.
    expect(historyPoints({ earned: 60, pending: 20, spent: 0 })).toEqual([
      { kind: 'earned', points: 40 },
      { kind: 'pending', points: 20 },
    ])
  })

  it('says nothing of points a refund took back in full or a cancellation gave back', () => {
    expect(historyPoints({ earned: 0, pending: 0, spent: 0 })).toEqual([])
    // Never a negative count, should the ledger ever net below zero.
    expect(historyPoints({ earned: -5, pending: 0, spent: -3 })).toEqual([])
  })
})
