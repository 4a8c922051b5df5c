import type { QueryClient } from '@tanstack/react-query'
import type { BumpResult, KitchenBoard, KitchenTicket } from '@tableside/contracts/kitchen'
import { restoreLines } from './bumps'
import { kitchenBoardKey } from './kitchen-board'

/**
 * How long after this screen changed a dish a tap on that dish is taken as the same intent
 * (the second tap of a double tap, or a tap that landed as the screen redrew) and ignored.
 */
export const TAP_SETTLE_MS = 800

/** The last bump, as the undo bar offers it. */
export interface UndoTarget {
  bumpId: string
  orderId: string
  lines: readonly number[]
}

export interface BumpActionsDeps {
  queryClient: QueryClient
  send: {
    bump: (orderId: string, lines: number[]) => Promise<BumpResult>
    unbump: (orderId: string, line: number) => Promise<BumpResult>
    undo: (bumpId: string) => Promise<BumpResult>
  }
  /** The screen's clock, in ms. */
  now?: () => number
  /** The server took the bump (at `at`, this screen's clock): offer to undo it. */
  onBumped: (ticket: KitchenTicket, lines: number[], result: BumpResult, at: number) => void
  onProblem: (error: unknown) => void
}

export type BumpActions = ReturnType<typeof createBumpActions>

/**
 * The kitchen's taps, shown at once and sent once. A bump never toggles: a dish is bumped by a
 * tap and comes back only through its own control or the undo bar, and each dish takes one
 * change at a time: while one is in flight, or for TAP_SETTLE_MS after it, other taps on that
 * dish are ignored. Before a change is drawn, a refetch in flight is cancelled (its answer was
 * made before the change and would draw the dish back) and fetched again once the server has
 * answered; a change the server refuses is drawn back as it was.
 */
export function createBumpActions({
  queryClient,
  send,
  now = Date.now,
  onBumped,
  onProblem,
}: BumpActionsDeps) {
  /** `orderId:line` of each dish with a change in flight. */
  const inFlight = new Set<string>()
  /** When this screen last changed each dish. */
  const changedAt = new Map<string, number>()
  const key = (orderId: string, line: number) => `${orderId}:${String(line)}`

  const free = (orderId: string, line: number) => {
    const id = key(orderId, line)
    const last = changedAt.get(id)
    return !inFlight.has(id) && (last === undefined || now() - last >= TAP_SETTLE_MS)
  }

  /** The dishes' bump times as the board shows them now, to draw them back on a refusal. */
  const shown = (orderId: string, lines: readonly number[]) => {
    const board = queryClient.getQueryData<KitchenBoard>(kitchenBoardKey)
    const before = new Map<number, string | null>()
    for (const ticket of board?.tickets ?? []) {
      if (ticket.orderId !== orderId) continue
      for (const item of ticket.items) {
        if (lines.includes(item.line)) before.set(item.line, item.bumpedAt)
      }
    }
    return before
  }

  const change = <T>(
    orderId: string,
    lines: readonly number[],
    bumpedAt: string | null,
    request: () => Promise<T>,
  ): Promise<T> => {
    const ids = lines.map((line) => key(orderId, line))
    const at = now()
    for (const id of ids) {
      inFlight.add(id)
      changedAt.set(id, at)
    }
    const before = shown(orderId, lines)
    const refetching = queryClient.isFetching({ queryKey: kitchenBoardKey }) > 0
    const drawn = queryClient.cancelQueries({ queryKey: kitchenBoardKey }).then(() => {
      restoreLines(queryClient, orderId, new Map(lines.map((line) => [line, bumpedAt])))
    })
    const sent = drawn.then(request)
    const done = () => {
      for (const id of ids) {
        inFlight.delete(id)
        changedAt.set(id, Math.max(changedAt.get(id) ?? 0, now()))
      }
    }
    sent.then(
      () => {
        done()
        if (refetching) void queryClient.invalidateQueries({ queryKey: kitchenBoardKey })
      },
      (error: unknown) => {
        done()
        restoreLines(queryClient, orderId, before)
        onProblem(error)
        void queryClient.invalidateQueries({ queryKey: kitchenBoardKey })
      },
    )
    return sent
  }

  return {
    /** Bumps these dishes of the ticket (one, or every one not done yet). */
    bump(ticket: KitchenTicket, lines: readonly number[]) {
      const open = lines.filter((line) => free(ticket.orderId, line))
      if (open.length === 0) return
      change(ticket.orderId, open, new Date(now()).toISOString(), () =>
        send.bump(ticket.orderId, open),
      ).then(
        (result) => {
          if (result.bumpId) onBumped(ticket, open, result, now())
        },
        () => undefined,
      )
    },

    /** Brings one bumped dish back, through its own control. */
    unbump(ticket: KitchenTicket, line: number) {
      if (!free(ticket.orderId, line)) return
      change(ticket.orderId, [line], null, () => send.unbump(ticket.orderId, line)).catch(
        () => undefined,
      )
    },

    /** Undoes the last bump, through the undo bar. */
    undo(target: UndoTarget) {
      change(target.orderId, target.lines, null, () => send.undo(target.bumpId)).catch(
        () => undefined,
      )
    },
  }
}
