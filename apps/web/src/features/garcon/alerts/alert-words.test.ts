import { describe, expect, it } from 'vitest'
import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import { translate } from '../../../lib/i18n/messages'
import { alertMessages } from './alert-messages'
import { alertKind, alertTag, alertTitle, alertWhere } from './alert-words'

const base: GarconAlert = {
  id: 'a1',
  kind: 'order_placed',
  table: { code: 'T7', label: '7' },
  orderNumber: 12,
  callId: null,
  detail: {},
  createdAt: '2026-11-24T12:00:00.000Z',
  readAt: null,
}
const t = (key: keyof (typeof alertMessages)['en'], values?: Record<string, string | number>) =>
  translate(alertMessages, 'en', key, values)
const ru = (key: keyof (typeof alertMessages)['en'], values?: Record<string, string | number>) =>
  translate(alertMessages, 'ru', key, values)
const money = (minor: number) => `${String(minor / 100)} ₽`

describe('what an alert says', () => {
  it('names each kind, a call by its reason', () => {
    expect(alertTitle(base, t)).toBe('New order')
    const call = { ...base, kind: 'waiter_call', orderNumber: null, callId: 'c1' } as const
    expect(alertTitle({ ...call, detail: { reason: 'bill' } }, t)).toBe('The bill, please')
    expect(alertTitle({ ...call, detail: { reason: 'other', comment: 'Forks' } }, t)).toBe(
      'A guest asks',
    )
    expect(alertTitle({ ...base, kind: 'payment_received' }, t)).toBe('Payment received')
  })

  it('shows a kind it does not know by its table and time alone', () => {
    const later = JSON.parse(JSON.stringify({ ...base, kind: 'tip_received' })) as GarconAlert
    expect(alertKind(later)).toBe('other')
    expect(alertTitle(later, t)).toBe('Alert')
  })

  it('says where and what: the table, the order, the amount paid', () => {
    expect(alertWhere(base, t, money)).toBe('Table 7 · Order #12')
    const paid = { ...base, kind: 'payment_received', detail: { amount: 125000 } } as const
    expect(alertWhere(paid, t, money)).toBe('Table 7 · Order #12 · Paid 1250 ₽')
    const placed = { ...base, detail: { amount: 45000 } }
    expect(alertWhere(placed, t, money)).toBe('Table 7 · Order #12 · Total 450 ₽')
    expect(alertWhere({ ...base, table: null }, t, money)).toBe('Delivery or pickup · Order #12')
    const pickup = { ...base, table: null, detail: { orderType: 'pickup' } } as const
    expect(alertWhere(pickup, t, money)).toBe('Pickup · Order #12')
    const moved = {
      ...base,
      kind: 'table_moved',
      orderNumber: null,
      detail: { movedFrom: { code: 'T3', label: '3' } },
    } as const
    expect(alertTitle(moved, t)).toBe('Guests moved')
    expect(alertWhere(moved, t, money)).toBe('Table 3 → 7')
  })

  it('says why a visit ended: who closed the table, or how long nobody did anything', () => {
    const ended = { ...base, kind: 'session_ended', table: { code: 'T3', label: '3' } } as const
    const byIgor = {
      ...ended,
      orderNumber: null,
      detail: { closedReason: 'waiter', closedBy: { name: 'Игорь' } },
    }
    const idle = (idleMinutes: number) => ({
      ...ended,
      orderNumber: null,
      detail: { closedReason: 'expired', idleMinutes },
    })
    expect(alertTitle(byIgor, ru)).toBe('Стол освободился')
    expect(alertWhere(byIgor, ru, money)).toBe('Стол 3: гости ушли, стол закрыт · Игорь')
    expect(alertWhere(idle(180), ru, money)).toBe('Стол 3: визит завершён — нет активности 3 ч')
    expect(alertWhere(idle(90), ru, money)).toBe(
      'Стол 3: визит завершён — нет активности 1 ч 30 мин',
    )
    expect(alertWhere(idle(45), ru, money)).toBe('Стол 3: визит завершён — нет активности 45 мин')
    expect(alertWhere(byIgor, t, money)).toBe('Table 3: guests left, Игорь closed the table')
    expect(alertWhere(idle(180), t, money)).toBe('Table 3: visit ended — no activity for 3 h')
    // A bill settled, or a reason this screen does not know yet: the table alone.
    const settled = { ...ended, orderNumber: null, detail: { closedReason: 'settled' } }
    expect(alertWhere(settled, ru, money)).toBe('Стол 3')
    expect(alertWhere({ ...settled, detail: { closedReason: 'waiter' } }, t, money)).toBe('Table 3')
  })

  it('tags a notification as the server tags its push, so the two replace each other', () => {
    expect(alertTag({ ...base, callId: 'c1' })).toBe('c1')
    expect(alertTag(base)).toBe('order_placed-T7-12')
    expect(alertTag({ ...base, table: null, orderNumber: null })).toBe('order_placed--')
  })
})
