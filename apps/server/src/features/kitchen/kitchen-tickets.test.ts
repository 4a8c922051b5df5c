import { describe, expect, it } from 'vitest'
import { buildTickets, stationOfDish, type OpenOrder } from './kitchen-tickets'

const map = {
  dishes: [
    { id: 'borscht', categoryId: 'soups' },
    { id: 'steak', categoryId: 'meat' },
    { id: 'olivier', categoryId: 'salads' },
    { id: 'bread', categoryId: 'bakery' },
  ],
  categories: [
    { id: 'soups', parentId: null },
    { id: 'mains', parentId: null },
    { id: 'meat', parentId: 'mains' },
    { id: 'salads', parentId: null },
    { id: 'bakery', parentId: null },
  ],
  assignments: [
    { categoryId: 'soups', stationId: 'hot' },
    { categoryId: 'mains', stationId: 'hot' },
    { categoryId: 'salads', stationId: 'cold' },
  ],
}

const line = (dishId: string) => ({
  dishId,
  name: { ru: dishId },
  quantity: 1,
  modifiers: [],
  comment: null,
  unitPrice: 100,
  lineTotal: 100,
})

const orderAt = (id: string, number: number, accepted: string, dishes: string[]): OpenOrder => ({
  id,
  number,
  type: 'dine_in',
  status: 'accepted',
  paymentStatus: 'unpaid',
  tableRef: { code: 'T1', label: '1', zone: null },
  placedAt: new Date('2026-11-25T10:00:00Z'),
  scheduledFor: null,
  comment: null,
  lines: dishes.map(line),
  history: [
    { status: 'placed', at: '2026-11-25T10:00:00.000Z' },
    { status: 'accepted', at: accepted },
  ],
})

describe('kitchen tickets', () => {
  it('finds a dish its station through its category, or the nearest ancestor', () => {
    const stationOf = stationOfDish(map)
    expect(stationOf('borscht')).toBe('hot')
    expect(stationOf('steak')).toBe('hot')
    expect(stationOf('olivier')).toBe('cold')
    expect(stationOf('bread')).toBeNull()
    expect(stationOf('gone-from-the-menu')).toBeNull()
    // With stations, the restaurant's default (its first) cooks what no category names.
    expect(stationOfDish(map, 'hot')('bread')).toBe('hot')
    expect(stationOfDish(map, 'hot')('olivier')).toBe('cold')
  })

  it('makes a ticket per order and station, oldest accepted first, the default group last', () => {
    const tickets = buildTickets(
      [
        orderAt('b', 2, '2026-11-25T10:05:00.000Z', ['olivier']),
        orderAt('a', 1, '2026-11-25T10:01:00.000Z', ['bread', 'olivier', 'borscht', 'steak']),
      ],
      [{ orderId: 'a', lineIndex: 2, bumpedAt: new Date('2026-11-25T10:02:00Z') }],
      stationOfDish(map),
      ['hot', 'cold'],
      30,
    )
    expect(tickets.map((ticket) => ticket.key)).toEqual(['a:hot', 'a:cold', 'a:kitchen', 'b:cold'])
    expect(tickets[0]?.items.map((item) => [item.line, item.bumpedAt])).toEqual([
      [2, '2026-11-25T10:02:00.000Z'],
      [3, null],
    ])
    expect(tickets[0]?.since).toBe('2026-11-25T10:01:00.000Z')
  })
})
