import type { Order } from '@tableside/contracts/orders'

const placedAt = '2026-05-01T12:00:00.000Z'

/** An order for unit tests: just placed at table T1, unpaid, with the fields a test does not care about filled in. */
export function testOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '0b6f7c1e-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
    number: 7,
    restaurantId: 'demo',
    type: 'dine_in',
    status: 'placed',
    placedAt,
    updatedAt: placedAt,
    lines: [],
    totals: { subtotal: 0, serviceCharge: 0, deliveryFee: 0, discount: 0, tip: 0, total: 0 },
    currency: 'RUB',
    table: { code: 'T1', label: '1', zone: null },
    contact: null,
    address: null,
    scheduledFor: null,
    guests: null,
    comment: null,
    paymentMethod: 'cash',
    paymentStatus: 'unpaid',
    paidWith: [],
    paidAmount: 0,
    bonusPoints: 0,
    history: [{ status: 'placed', at: placedAt }],
    cancellable: true,
    ...overrides,
  }
}
