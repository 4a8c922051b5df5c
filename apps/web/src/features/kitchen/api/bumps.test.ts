import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { KitchenBoard, KitchenTicket } from '@tableside/contracts/kitchen'
import { markLines } from './bumps'
import { kitchenBoardKey } from './kitchen-board'

const ticket = (orderId: string, station: string, lines: number[]): KitchenTicket => ({
  key: `${orderId}:${station}`,
  orderId,
  orderNumber: 1,
  orderType: 'dine_in',
  status: 'accepted',
  stationId: station,
  table: { code: 'T1', label: '1' },
  since: '2026-11-25T10:00:00.000Z',
  scheduledFor: null,
  comment: null,
  items: lines.map((line) => ({
    line,
    name: { ru: `Блюдо ${String(line)}` },
    quantity: 1,
    modifiers: [],
    comment: null,
    bumpedAt: null,
  })),
})

describe('a bump shown before the server answers', () => {
  it('marks the lines of that order only, and leaves other tickets the same objects', () => {
    const queryClient = new QueryClient()
    const board: KitchenBoard = {
      stations: [],
      thresholds: { warnMinutes: 10, lateMinutes: 20 },
      tickets: [ticket('a', 'hot', [0, 2]), ticket('a', 'cold', [1]), ticket('b', 'hot', [0])],
      now: '2026-11-25T10:00:00.000Z',
    }
    queryClient.setQueryData(kitchenBoardKey, board)
    markLines(queryClient, 'a', [0], '2026-11-25T10:01:00.000Z')
    const after = queryClient.getQueryData<KitchenBoard>(kitchenBoardKey)
    expect(after?.tickets[0]?.items.map((item) => item.bumpedAt)).toEqual([
      '2026-11-25T10:01:00.000Z',
      null,
    ])
    // Untouched cards keep their ticket object: their memo holds and they do not draw again.
    expect(after?.tickets[1]).toBe(board.tickets[1])
    expect(after?.tickets[2]).toBe(board.tickets[2])
  })
})
