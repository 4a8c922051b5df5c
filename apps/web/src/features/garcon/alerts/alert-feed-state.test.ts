import { describe, expect, it } from 'vitest'
import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import { addLiveAlert, alertsAt, markRead, reconcile, type AlertFeed } from './alert-feed-state'

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
})
