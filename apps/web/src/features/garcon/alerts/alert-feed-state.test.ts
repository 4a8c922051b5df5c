import { describe, expect, it } from 'vitest'
import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import {
  addLiveAlert,
  alertLines,
  alertsAt,
  markHandled,
  markRead,
  reconcile,
  type AlertFeed,
} from './alert-feed-state'

const alert = (id: string, createdAt: string, table = 'T1'): GarconAlert => ({
  id,
  kind: 'waiter_call',
  table: { code: table, label: table },
  orderNumber: null,
  callId: `call-${id}`,
  detail: { reason: 'waiter', comment: null },
  createdAt,
  readAt: null,
})

const a1 = alert('a1', '2026-11-24T12:00:00.000Z')
const a2 = alert('a2', '2026-11-24T12:01:00.000Z', 'T2')
const a3 = alert('a3', '2026-11-24T12:02:00.000Z')
const empty: AlertFeed = { unread: 0, alerts: [] }

describe('the alert feed', () => {
  it('takes a live alert once, newest first, and says it is news only the first time', () => {
    const first = addLiveAlert({ unread: 1, alerts: [a1] }, a2, 1000)
    expect(first.added).toBe(true)
    expect(first.feed.unread).toBe(2)
    expect(first.feed.alerts.map((known) => known.id)).toEqual(['a2', 'a1'])
    const again = addLiveAlert(first.feed, a2, 2000)
    expect(again.added).toBe(false)
    expect(again.feed).toBe(first.feed)
  })

  it('does not ring for an alert already read (on another device)', () => {
    const read = { ...a2, readAt: '2026-11-24T12:01:05.000Z' }
    expect(addLiveAlert(empty, read, 1000)).toEqual({ feed: empty, added: false })
  })

  it('drops an alert read here or elsewhere, and all of them at once', () => {
    const feed = { unread: 3, alerts: [a3, a2, a1] }
    expect(markRead(feed, 'a2')).toEqual({ unread: 2, alerts: [a3, a1] })
    expect(markRead(feed, 'unknown')).toBe(feed)
    expect(markRead(feed, null)).toEqual(empty)
  })

  it('keeps, after a refetch, what the socket brought while the list was on its way', () => {
    // The list started at 5000: a3 arrived at 5200 (younger than the server's snapshot), a2
    // at 4000 (the server lists it if it is still unread, so its absence means it was read).
    const live = addLiveAlert(addLiveAlert(empty, a2, 4000).feed, a3, 5200).feed
    const fetched = { unread: 1, alerts: [a1] }
    const feed = reconcile(fetched, live, 5000)
    expect(feed.alerts.map((known) => known.id)).toEqual(['a3', 'a1'])
    expect(feed.unread).toBe(2)
  })

  it('lists each alert once when the refetch already has the live one', () => {
    const live = addLiveAlert(empty, a3, 5200).feed
    const feed = reconcile({ unread: 2, alerts: [a3, a1] }, live, 5000)
    expect(feed).toEqual({ unread: 2, alerts: [a3, a1] })
  })

  it('counts alerts per table for its card', () => {
    const feed = { unread: 3, alerts: [a3, a2, a1] }
    expect(alertsAt(feed, 'T1')).toBe(2)
    expect(alertsAt(feed, 'T2')).toBe(1)
    expect(alertsAt(undefined, 'T1')).toBe(0)
  })

  it('drops alerts handled anywhere, and counts them off', () => {
    const feed = { unread: 5, alerts: [a3, a2, a1] }
    expect(markHandled(feed, ['a1', 'a3', 'elsewhere'])).toEqual({ unread: 3, alerts: [a2] })
    expect(markHandled(feed, ['unknown'])).toBe(feed)
  })

  it('shows one line per table, calls first, and news only for its minutes', () => {
    const at = (minute: number) => `2026-11-24T12:${String(minute).padStart(2, '0')}:00.000Z`
    const news = (id: string, minute: number, table: string): GarconAlert => ({
      ...alert(id, at(minute), table),
      kind: 'payment_received',
      callId: null,
    })
    const order = (id: string, minute: number, table: string | null): GarconAlert => ({
      ...alert(id, at(minute), table ?? 'T0'),
      kind: 'order_placed',
      callId: null,
      table: table === null ? null : { code: table, label: table },
    })
    const alerts = [
      order('o4', 20, 'T4'),
      order('p1', 19, null),
      news('n5', 18, 'T5'),
      order('o2', 17, 'T2'),
      alert('c2', at(16), 'T2'),
      order('p2', 15, null),
      news('n3', 2, 'T3'),
    ].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    const now = Date.parse(at(25))
    const lines = alertLines(alerts, now)
    expect(lines.map((line) => [line.key, line.alerts.map((one) => one.id)])).toEqual([
      // T2 has a call: first, whatever came since elsewhere.
      ['table:T2', ['o2', 'c2']],
      ['table:T4', ['o4']],
      ['no-table', ['p1', 'p2']],
      // Seven minutes old news stands; 23 minutes old (T3) has left.
      ['table:T5', ['n5']],
    ])
    expect(lines[0]?.calls).toBe(true)
  })
})
