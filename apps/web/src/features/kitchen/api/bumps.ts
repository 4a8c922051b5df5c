import type { QueryClient } from '@tanstack/react-query'
import {
  bumpLines,
  unbumpLine,
  undoBump,
  type BumpResult,
  type KitchenBoard,
} from '@tableside/contracts/kitchen'
import type { ApiClient } from '../../../lib/api-client'
import { kitchenBoardKey } from './kitchen-board'

/** Marks lines of an order bumped (or not) on the cached board at once, before the server says. */
export function markLines(
  queryClient: QueryClient,
  orderId: string,
  lines: readonly number[],
  bumpedAt: string | null,
) {
  restoreLines(queryClient, orderId, new Map(lines.map((line) => [line, bumpedAt])))
}

/** Gives each named line of an order its bump time on the cached board; other tickets stay the same objects. */
export function restoreLines(
  queryClient: QueryClient,
  orderId: string,
  bumpedAt: ReadonlyMap<number, string | null>,
) {
  if (bumpedAt.size === 0) return
  queryClient.setQueryData<KitchenBoard>(kitchenBoardKey, (board) => {
    if (!board) return board
    return {
      ...board,
      tickets: board.tickets.map((ticket) =>
        ticket.orderId !== orderId || !ticket.items.some((item) => bumpedAt.has(item.line))
          ? ticket
          : {
              ...ticket,
              items: ticket.items.map((item) => {
                const at = bumpedAt.get(item.line)
                return at === undefined ? item : { ...item, bumpedAt: at }
              }),
            },
      ),
    }
  })
}

export function bump(api: ApiClient, orderId: string, lines: number[]): Promise<BumpResult> {
  return api.callEndpoint(bumpLines, { params: { orderId }, body: { lines } })
}

export function undo(api: ApiClient, bumpId: string): Promise<BumpResult> {
  return api.callEndpoint(undoBump, { params: { bumpId } })
}

export function unbump(api: ApiClient, orderId: string, line: number): Promise<BumpResult> {
  return api.callEndpoint(unbumpLine, { params: { orderId, line: String(line) } })
}
