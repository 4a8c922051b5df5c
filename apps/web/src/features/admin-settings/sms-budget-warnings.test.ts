import { describe, expect, it } from 'vitest'
import { smsBudgetWarnings } from './sms-budget-warnings'

const day = (sent: number, budget: number) => ({ day: '2027-01-13', sent, budget })

describe('when the back office warns of the day’s SMS codes', () => {
  it('says nothing below 80 % of either budget', () => {
    expect(smsBudgetWarnings({ restaurant: day(159, 200), server: day(3999, 5000) })).toEqual([])
  })

  it('warns from 80 % of the restaurant’s budget, and says when it is spent', () => {
    expect(smsBudgetWarnings({ restaurant: day(160, 200), server: day(0, 5000) })).toEqual([
      { scope: 'restaurant', spent: false, sent: 160, budget: 200 },
    ])
    expect(smsBudgetWarnings({ restaurant: day(200, 200), server: day(0, 5000) })).toEqual([
      { scope: 'restaurant', spent: true, sent: 200, budget: 200 },
    ])
  })

  it('warns of the server’s budget too, after the restaurant’s', () => {
    expect(
      smsBudgetWarnings({ restaurant: day(9, 10), server: day(5000, 5000) }).map((w) => [
        w.scope,
        w.spent,
      ]),
    ).toEqual([
      ['restaurant', false],
      ['server', true],
    ])
  })

  it('warns when a lowered budget is below what was already sent today', () => {
    expect(smsBudgetWarnings({ restaurant: day(50, 20), server: day(50, 5000) })).toEqual([
      { scope: 'restaurant', spent: true, sent: 50, budget: 20 },
    ])
  })
})
