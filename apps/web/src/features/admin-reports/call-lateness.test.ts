import { describe, expect, it } from 'vitest'
import { callLateness } from './call-lateness'

const now = Date.parse('2026-11-20T12:00:00Z')
const call = (
  waitedSeconds: number,
  more: { status?: 'open' | 'acknowledged'; escalated?: boolean } = {},
) => ({
  status: more.status ?? 'open',
  escalated: more.escalated ?? false,
  createdAt: new Date(now - waitedSeconds * 1000).toISOString(),
})

describe('a late waiter call on the live screen', () => {
  it('is late past the restaurant’s own escalation time, not a fixed two minutes', () => {
    expect(callLateness(call(200), now, 300)).toBeNull()
    expect(callLateness(call(90), now, 60)).toEqual({ lateBySeconds: 30 })
    expect(callLateness(call(300), now, 300)).toBeNull()
    expect(callLateness(call(301), now, 300)).toEqual({ lateBySeconds: 1 })
  })

  it('is not late once a waiter has acknowledged it', () => {
    expect(callLateness(call(900, { status: 'acknowledged' }), now, 60)).toBeNull()
  })

  it('before the settings are known, is late when the server escalated it, by an unknown time', () => {
    expect(callLateness(call(900), now, undefined)).toBeNull()
    expect(callLateness(call(30, { escalated: true }), now, undefined)).toEqual({
      lateBySeconds: null,
    })
  })

  it('an escalated call stays late after the escalation time was raised', () => {
    expect(callLateness(call(100, { escalated: true }), now, 600)).toEqual({ lateBySeconds: null })
  })
})
