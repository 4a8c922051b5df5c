import type { KitchenBoard, KitchenTicket } from '@tableside/contracts/kitchen'

/** Whether an order for later is still waiting at `now` (its `joinsAt` not reached). */
const waiting = (ticket: KitchenTicket, now: number) =>
  ticket.joinsAt !== null && Date.parse(ticket.joinsAt) > now

/**
 * The live board and the "later" lane at `now` (the server's time), as the server splits them
 * (decision 0118): the screen moves an order for later to the live board when its time comes,
 * without waiting for the next fetch. Live oldest first, then by number (a ticket keeps its
 * station's place among its order's); later soonest first.
 */
export function boardLanes(
  board: Pick<KitchenBoard, 'tickets' | 'later'>,
  now: number,
): { live: KitchenTicket[]; later: KitchenTicket[] } {
  // A cancelled order's ticket leaves at its `leavesAt` without waiting for a fetch (0131).
  const all = [...board.tickets, ...board.later].filter(
    (ticket) => ticket.leavesAt === undefined || Date.parse(ticket.leavesAt) > now,
  )
  const live = all
    .filter((ticket) => !waiting(ticket, now))
    .sort((a, b) => Date.parse(a.since) - Date.parse(b.since) || a.orderNumber - b.orderNumber)
  const later = all
    .filter((ticket) => waiting(ticket, now))
    .sort(
      (a, b) =>
        Date.parse(a.joinsAt ?? '') - Date.parse(b.joinsAt ?? '') || a.orderNumber - b.orderNumber,
    )
  return { live, later }
}
