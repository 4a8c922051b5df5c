import { describe, expect, it } from 'vitest'
import type { WaiterCall } from '@tableside/contracts/waiter-calls'
import { withCall } from './waiter-call-updates'

const call = (id: string, status: WaiterCall['status'] = 'open'): WaiterCall => ({
  id,
  reason: 'waiter',
  comment: null,
  status,
  table: { code: 'T1', label: '1', zone: null },
  createdAt: '2026-05-01T12:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  doneAt: null,
})

describe('withCall', () => {
  it('puts a new call first', () => {
    expect(withCall([call('a')], call('b')).map((c) => c.id)).toEqual(['b', 'a'])
  })

  it('replaces a known call where it is', () => {
    const updated = withCall([call('b'), call('a')], call('a', 'acknowledged'))
    expect(updated.map((c) => [c.id, c.status])).toEqual([
      ['b', 'open'],
      ['a', 'acknowledged'],
    ])
  })

  it('never moves a call back', () => {
    expect(withCall([call('a', 'done')], call('a', 'acknowledged'))[0]?.status).toBe('done')
  })
})
