import { describe, expect, it } from 'vitest'
import type { FloorOrder, FloorSession, FloorTable } from '@tableside/contracts/garcon-floor'
import type { WaiterTable } from '@tableside/contracts/garcon'
import type { Dish } from '@tableside/contracts/menu'
import {
  canCancel,
  canTakeTableCash,
  draftTotal,
  freeTables,
  initialChoices,
  isSettled,
  orderDue,
  stepButtons,
  stepLabel,
  toCartLines,
  toggleChoice,
  unmetGroup,
  withoutSession,
} from './floor-logic'

const text = (en: string) => ({ en, ru: en })

function order(over: Partial<FloorOrder> = {}): FloorOrder {
  return {
    id: 'o1',
    number: 7,
    status: 'placed',
    placedAt: '2026-11-24T12:00:00Z',
    placedBy: null,
    lines: [],
    total: 1500,
    paidAmount: 0,
    paymentMethod: 'cash',
    paymentStatus: 'unpaid',
    paidWith: [],
    comment: null,
    ...over,
  }
}

function session(totals: Partial<FloorSession['totals']>): FloorSession {
  return {
    id: 's1',
    openedAt: '2026-11-24T12:00:00Z',
    lastActivityAt: '2026-11-24T12:00:00Z',
    expiresAt: '2026-11-24T16:00:00Z',
    orders: [],
    totals: { total: 0, paid: 0, pending: 0, due: 0, ...totals },
    calls: [],
  }
}

const soup: Dish = {
  id: 'soup',
  categoryId: 'hot',
  name: text('Soup'),
  description: null,
  photo: null,
  portion: null,
  nutrition: null,
  price: 500,
  modifierGroups: [
    {
      id: 'size',
      name: text('Size'),
      minChoices: 1,
      maxChoices: 1,
      options: [
        { id: 'small', name: text('Small'), priceDelta: 0, preselected: false, available: true },
        { id: 'big', name: text('Big'), priceDelta: 200, preselected: false, available: true },
      ],
    },
    {
      id: 'extras',
      name: text('Extras'),
      minChoices: 0,
      maxChoices: 2,
      options: [
        { id: 'bread', name: text('Bread'), priceDelta: 50, preselected: true, available: true },
        { id: 'cream', name: text('Cream'), priceDelta: 70, preselected: false, available: true },
        { id: 'dill', name: text('Dill'), priceDelta: 10, preselected: false, available: false },
      ],
    },
  ],
  allergens: [],
  diet: [],
  highlight: null,
  ageRestricted: false,
  available: true,
}

describe('the order buttons', () => {
  it('offers the next steps of a table order, and cancelling apart', () => {
    expect(stepButtons('dine_in', 'placed')).toEqual(['accepted'])
    expect(stepButtons('dine_in', 'accepted')).toEqual(['cooking'])
    expect(stepButtons('dine_in', 'cooking')).toEqual(['ready'])
    expect(stepButtons('dine_in', 'ready')).toEqual(['served'])
    expect(stepButtons('dine_in', 'served')).toEqual(['completed'])
    expect(stepButtons('dine_in', 'completed')).toEqual([])
    expect(stepButtons('dine_in', 'cancelled')).toEqual([])
  })

  it('sends a delivery on its way after ready, and hands a pickup over at the counter', () => {
    expect(stepButtons('delivery', 'ready')).toEqual(['out_for_delivery'])
    expect(stepButtons('delivery', 'out_for_delivery')).toEqual(['completed'])
    expect(stepLabel('delivery', 'completed')).toBe('step_completed')
    expect(stepButtons('pickup', 'ready')).toEqual(['completed'])
    expect(stepLabel('pickup', 'completed')).toBe('step_handed_over')
    expect(stepButtons('preorder', 'ready')).toEqual(['served'])
  })

  it('lets a waiter cancel until the order is ready', () => {
    expect(canCancel('dine_in', 'placed')).toBe(true)
    expect(canCancel('dine_in', 'cooking')).toBe(true)
    expect(canCancel('dine_in', 'ready')).toBe(false)
    expect(canCancel('dine_in', 'cancelled')).toBe(false)
  })
})

describe('the money', () => {
  it('asks cash for what is left of an unpaid order, nothing for a paid, paying or cancelled one', () => {
    expect(orderDue(order({ total: 1500, paidAmount: 500 }))).toBe(1000)
    expect(orderDue(order({ paymentStatus: 'paid', paidAmount: 1500 }))).toBe(0)
    expect(orderDue(order({ paymentStatus: 'pending' }))).toBe(0)
    expect(orderDue(order({ status: 'cancelled' }))).toBe(0)
  })

  it('offers cash for the table while something is due and no online payment holds it', () => {
    expect(canTakeTableCash(session({ due: 2000 }))).toBe(true)
    expect(canTakeTableCash(session({ due: 2000, pending: 500 }))).toBe(false)
    expect(canTakeTableCash(session({ due: 0 }))).toBe(false)
  })

  it('lets the table close only once settled', () => {
    expect(isSettled(session({ total: 900, paid: 900 }))).toBe(true)
    expect(isSettled(session({ due: 1 }))).toBe(false)
    expect(isSettled(session({ pending: 900 }))).toBe(false)
  })
})

describe('moving guests', () => {
  const table = (code: string): WaiterTable => ({
    code,
    label: code,
    zone: null,
    servedBy: [],
    mine: false,
  })
  const floorTable = (code: string, occupied: boolean): FloorTable => ({
    code,
    label: code,
    zone: null,
    enabled: true,
    session: occupied ? session({}) : null,
  })

  it('lists the free tables other than the one the guests sit at, whatever the case', () => {
    const all = ['T1', 'T2', 'T3', 'T4'].map(table)
    const floor = [floorTable('t1', true), floorTable('T2', true), floorTable('T3', false)]
    expect(freeTables(all, floor, 't1').map((each) => each.code)).toEqual(['T3', 'T4'])
  })
})

describe('the order for the table', () => {
  it('starts with the preselected options and waits for the required ones', () => {
    const line = { dish: soup, quantity: 2, choices: initialChoices(soup) }
    expect(line.choices).toEqual({ size: [], extras: ['bread'] })
    expect(unmetGroup(line)?.id).toBe('size')
    const sized = { ...line, choices: { ...line.choices, size: ['big'] } }
    expect(unmetGroup(sized)).toBeUndefined()
    // (500 + 200 + 50) × 2
    expect(draftTotal([sized])).toBe(1500)
    expect(toCartLines([sized, { dish: soup, quantity: 0, choices: {} }])).toEqual([
      { dishId: 'soup', quantity: 2, optionIds: ['big', 'bread'] },
    ])
  })

  it('swaps a single choice, caps a multiple one, never takes a sold-out option', () => {
    const [size, extras] = soup.modifierGroups
    if (!size || !extras) throw new Error('test dish')
    expect(toggleChoice(size, ['small'], 'big')).toEqual(['big'])
    expect(toggleChoice(size, ['big'], 'big')).toEqual(['big'])
    expect(toggleChoice(extras, ['bread'], 'cream')).toEqual(['bread', 'cream'])
    expect(toggleChoice(extras, ['bread', 'cream'], 'bread')).toEqual(['cream'])
    expect(toggleChoice(extras, ['bread'], 'dill')).toEqual(['bread'])
  })
})

describe('a visit that ended', () => {
  const busy = (code: string, openedAt: string): FloorTable => ({
    code,
    label: code,
    zone: null,
    enabled: true,
    session: { ...session({}), openedAt },
  })
  const floor = {
    currency: 'RUB',
    tables: [busy('T3', '2026-11-24T12:00:00Z'), busy('T4', '2026-11-24T12:00:00Z')],
    tableless: [],
  }

  it('leaves the floor as the alert arrives: that table only', () => {
    const after = withoutSession(floor, 'T3', '2026-11-24T15:00:00Z')
    expect(after.tables.map((table) => [table.code, table.session !== null])).toEqual([
      ['T3', false],
      ['T4', true],
    ])
  })

  it('keeps the session of guests who sat down after it ended, and an unknown table changes nothing', () => {
    const seated = { ...floor, tables: [busy('T3', '2026-11-24T15:00:01Z')] }
    expect(withoutSession(seated, 'T3', '2026-11-24T15:00:00Z')).toBe(seated)
    expect(withoutSession(floor, 'T9', '2026-11-24T15:00:00Z')).toBe(floor)
  })
})
