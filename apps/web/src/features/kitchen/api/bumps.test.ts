import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { KitchenBoard } from '@tableside/contracts/kitchen'
import { testBoard, testTicket } from '../test-board'
import { markLines } from './bumps'
import { kitchenBoardKey } from './kitchen-board'

describe('a bump shown before the server answers', () => {
  it('marks the lines of that order only, and leaves other tickets the same objects', () => {
    const queryClient = new QueryClient()
    const board = testBoard([
      testTicket('a', [0, 2]),
      testTicket('a', [1], 'cold'),
      testTicket('b', [0]),
    ])
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
