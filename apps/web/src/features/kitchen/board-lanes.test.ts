import { describe, expect, it } from 'vitest'
import { boardLanes } from './board-lanes'
import { testTicket } from './test-board'

const at = (iso: string) => Date.parse(iso)

describe("the kitchen board's lanes", () => {
  const now = testTicket('now', [0])
  const tomorrow = {
    ...testTicket('tomorrow', [0]),
    orderNumber: 5,
    orderType: 'pickup' as const,
    table: null,
    scheduledFor: '2026-11-26T06:00:00.000Z',
    joinsAt: '2026-11-26T05:30:00.000Z',
    since: '2026-11-26T05:30:00.000Z',
  }
  const tonight = {
    ...tomorrow,
    key: 'tonight:hot',
    orderId: 'tonight',
    orderNumber: 6,
    scheduledFor: '2026-11-25T19:00:00.000Z',
    joinsAt: '2026-11-25T18:30:00.000Z',
    since: '2026-11-25T18:30:00.000Z',
  }

  it('keeps orders for later off the live board until their time, soonest first', () => {
    const lanes = boardLanes(
      { tickets: [now], later: [tomorrow, tonight] },
      at('2026-11-25T10:00:00Z'),
    )
    expect(lanes.live.map((ticket) => ticket.orderId)).toEqual(['now'])
    expect(lanes.later.map((ticket) => ticket.orderId)).toEqual(['tonight', 'tomorrow'])
  })

  it('moves one to the live board at its time by the clock, before the server says so', () => {
    const board = { tickets: [now], later: [tonight, tomorrow] }
    expect(boardLanes(board, at('2026-11-25T18:29:59Z')).later).toHaveLength(2)
    const lanes = boardLanes(board, at('2026-11-25T18:30:00Z'))
    expect(lanes.live.map((ticket) => ticket.orderId)).toEqual(['now', 'tonight'])
    expect(lanes.later.map((ticket) => ticket.orderId)).toEqual(['tomorrow'])
  })

  it('agrees with a server that already moved it', () => {
    const lanes = boardLanes(
      { tickets: [now, tonight], later: [tomorrow] },
      at('2026-11-25T18:31:00Z'),
    )
    expect(lanes.live.map((ticket) => ticket.orderId)).toEqual(['now', 'tonight'])
  })
  it('lets a cancelled order go at its time by the clock (decision 0131)', () => {
    const cancelled = {
      ...testTicket('cancelled', [0]),
      status: 'cancelled' as const,
      leavesAt: '2026-11-25T10:05:00.000Z',
    }
    const board = { tickets: [now, cancelled], later: [] }
    expect(boardLanes(board, at('2026-11-25T10:04:59Z')).live.map((t) => t.orderId)).toContain(
      'cancelled',
    )
    expect(boardLanes(board, at('2026-11-25T10:05:00Z')).live.map((t) => t.orderId)).toEqual([
      'now',
    ])
  })
})
