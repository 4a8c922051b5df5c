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
  queryClient.setQueryData<KitchenBoard>(kitchenBoardKey, (board) => {
    if (!board) return board
    return {
      ...board,
      tickets: board.tickets.map((ticket) =>
        ticket.orderId !== orderId || !ticket.items.some((item) => lines.includes(item.line))
          ? ticket
          : {
              ...ticket,
              items: ticket.items.map((item) =>
                lines.includes(item.line) ? { ...item, bumpedAt } : item,
              ),
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
