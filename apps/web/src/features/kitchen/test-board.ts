import type { KitchenBoard, KitchenTicket } from '@tableside/contracts/kitchen'

const since = '2026-11-25T10:00:00.000Z'

/** A ticket for unit tests: an order's lines (by index) at a station, none of them bumped. */
export function testTicket(orderId: string, lines: number[], station = 'hot'): KitchenTicket {
  return {
    key: `${orderId}:${station}`,
    orderId,
    orderNumber: 7,
    orderType: 'dine_in',
    status: 'accepted',
    paymentStatus: 'unpaid',
    stationId: station,
    table: { code: 'T1', label: '1' },
    since,
    scheduledFor: null,
    joinsAt: null,
    comment: null,
    items: lines.map((line) => ({
      line,
      name: { ru: `Блюдо ${String(line)}` },
      quantity: 1,
      modifiers: [],
      comment: null,
      bumpedAt: null,
    })),
  }
}

/** The kitchen display's board for unit tests: these tickets, amber at 10 minutes, red at 20. */
export function testBoard(tickets: KitchenTicket[]): KitchenBoard {
  return {
    stations: [],
    thresholds: { warnMinutes: 10, lateMinutes: 20 },
    tickets,
    later: [],
    now: since,
  }
}
