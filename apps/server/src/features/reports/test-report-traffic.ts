import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { DayReport, PaidMethod, RefundKind } from '@tableside/contracts/admin-reports'
import type { Allocation, Database } from '../../db/schema'

/**
 * A day of generated traffic for the day report's agreement check (issue 28): orders of every
 * type paid in cash, by their own online payment or on the bill (some with points, many with a
 * tip), unpaid ones, cancels refunded, payments that came in over what was due and went back,
 * a bill payment whose one order was cancelled after it, and whole refunds that took the tip
 * too. The rows are written as the order and payment code leaves them; beside them the
 * generator keeps its own ledger of what each order took in and gave back, which is what
 * the report, its CSV and its sums must agree with.
 */

const DAY_MS = 86_400_000
const METHODS: readonly PaidMethod[] = ['cash', 'card', 'sbp']
const DISHES = [
  { dishId: 'olivier', name: 'Оливье', unitPrice: 49_000 },
  { dishId: 'pirozhki', name: 'Пирожки', unitPrice: 29_000 },
  { dishId: 'vinegret', name: 'Винегрет', unitPrice: 35_000 },
  { dishId: 'borscht', name: 'Борщ', unitPrice: 45_500 },
]
const REASONS = ['Гость передумал', 'Долго готовили', null] as const

/** A seeded random number generator (mulberry32): the same traffic every run. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** What the generator knows it did, summed for the days asked about. */
export interface Ledger {
  /** By restaurant day (`YYYY-MM-DD`). */
  days: Map<string, LedgerDay>
  /** Tips by the instant they went through: [at, waiter id or null, amount, refunded]. */
  tips: [Date, string | null, number, number][]
}

interface LedgerDay {
  orders: number
  cancelled: number
  paid: number
  paidTotal: number
  gross: Record<PaidMethod, number>
  refunded: Record<PaidMethod, number>
  /** By `kind|reason`. */
  reasons: Map<string, number>
  refundOrders: number
  /** Bonus points the refunds gave back to cards and took back (decision 0131). */
  pointsReturned: number
  pointsTakenBack: number
}

const emptyDay = (): LedgerDay => ({
  orders: 0,
  cancelled: 0,
  paid: 0,
  paidTotal: 0,
  gross: { cash: 0, card: 0, sbp: 0 },
  refunded: { cash: 0, card: 0, sbp: 0 },
  reasons: new Map(),
  refundOrders: 0,
  pointsReturned: 0,
  pointsTakenBack: 0,
})

/** The restaurant's calendar day of an instant. */
function dayIn(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(at)
}

type Row = Record<string, unknown>

async function insertAll(db: Kysely<Database>, table: string, rows: Row[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500)
    const columns = Object.keys(chunk[0] ?? {})
    if (columns.length === 0) return
    await sql`
      insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      select ${sql.join(columns.map((column) => sql.ref(column)))}
      from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(chunk)}::json)
    `.execute(db)
  }
}

/**
 * Writes `count` orders of `restaurantId` placed around the restaurant's day `day` (an hour
 * either side of its midnights, so that the edges are tested) and returns the ledger.
 */
export async function generateTraffic(
  db: Kysely<Database>,
  options: { restaurantId: string; day: string; count: number; seed: number; timezone: string },
): Promise<Ledger> {
  const { restaurantId, day, count, timezone } = options
  const next = random(options.seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const tables = await db
    .selectFrom('restaurantTables')
    .select('id')
    .where('restaurantId', '=', restaurantId)
    .execute()
  const waiters = (
    await db.selectFrom('waiters').select('id').where('restaurantId', '=', restaurantId).execute()
  ).map((row) => row.id)
  const numberFrom =
    ((
      await db
        .selectFrom('orders')
        .select((eb) => eb.fn.max('number').as('top'))
        .where('restaurantId', '=', restaurantId)
        .executeTakeFirst()
    )?.top ?? 0) + 1
  const midnight = (
    await sql<{
      at: Date
    }>`select (${day}::date)::timestamp at time zone ${timezone} as at`.execute(db)
  ).rows[0]?.at
  if (!midnight) throw new Error('No midnight')
  const from = midnight.getTime() - 3_600_000
  const span = DAY_MS + 2 * 3_600_000

  const ledger: Ledger = { days: new Map(), tips: [] }
  const ledgerDay = (at: Date) => {
    const key = dayIn(at, timezone)
    const found = ledger.days.get(key) ?? emptyDay()
    ledger.days.set(key, found)
    return found
  }
  const sessions: Row[] = []
  const orders: Row[] = []
  const payments: Row[] = []
  const tips: Row[] = []
  const refunds: Row[] = []

  const payment = (input: {
    at: Date
    method: 'card' | 'sbp'
    orderId: string | null
    sessionId: string | null
    allocations: Allocation[]
    tip: number
    waiterId: string | null
    refunded: number
  }) => {
    const money = input.allocations.reduce((sum, a) => sum + a.amount - (a.points ?? 0), 0)
    const amount = money + input.tip
    const id = randomUUID()
    payments.push({
      id,
      restaurant_id: restaurantId,
      purpose: input.orderId ? 'order' : 'bill',
      order_id: input.orderId,
      table_session_id: input.orderId ? null : input.sessionId,
      method: input.method,
      provider: 'sandbox',
      provider_ref: randomUUID(),
      currency: 'RUB',
      amount,
      tip: input.tip,
      // Refunded once all it paid of orders went back (decision 0028).
      status: input.refunded >= money ? 'refunded' : 'succeeded',
      allocations: input.allocations,
      split_by: input.orderId ? null : 'amounts',
      waiter_id: input.waiterId,
      bonus_points: input.allocations.reduce((sum, a) => sum + (a.points ?? 0), 0),
      refunded_amount: input.refunded,
      created_at: input.at.toISOString(),
      expires_at: input.at.toISOString(),
      completed_at: input.at.toISOString(),
    })
    if (input.tip > 0) {
      const tipBack = Math.min(input.tip, Math.max(0, input.refunded - money))
      tips.push({
        id: randomUUID(),
        restaurant_id: restaurantId,
        waiter_id: input.waiterId,
        payment_id: id,
        table_session_id: input.sessionId,
        amount: input.tip,
        currency: 'RUB',
        created_at: input.at.toISOString(),
      })
      ledger.tips.push([input.at, input.waiterId, input.tip, tipBack])
    }
    return id
  }

  for (let index = 0; index < count; index++) {
    const at = new Date(from + Math.floor(next() * span))
    const scenario = next()
    const dineIn = scenario < 0.75 || next() < 0.6
    const type = dineIn ? 'dine_in' : pick(['pickup', 'delivery'] as const)
    const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
      const dish = pick(DISHES)
      const quantity = 1 + Math.floor(next() * 2)
      return {
        dishId: dish.dishId,
        name: { ru: dish.name },
        quantity,
        modifiers: [],
        comment: null,
        unitPrice: dish.unitPrice,
        lineTotal: dish.unitPrice * quantity,
      }
    })
    const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0)
    const deliveryFee = type === 'delivery' ? 20_000 : 0
    const checkoutPoints = next() < 0.1 ? 1_000 * (1 + Math.floor(next() * 5)) : 0
    const total = subtotal + deliveryFee - checkoutPoints
    const id = randomUUID()
    const sessionId = dineIn ? randomUUID() : null
    if (sessionId) {
      sessions.push({
        id: sessionId,
        restaurant_id: restaurantId,
        table_id: pick(tables).id,
        opened_at: at.toISOString(),
        expires_at: new Date(at.getTime() + 3_600_000).toISOString(),
        closed_at: new Date(at.getTime() + 3_600_000).toISOString(),
        closed_reason: 'settled',
      })
    }
    const waiterId = dineIn && next() < 0.8 ? pick(waiters) : null
    const later = new Date(at.getTime() + 10 * 60_000)
    const tipOn = (amount: number) => (next() < 0.5 ? Math.round(amount / 10 / 100) * 100 : 0)
    const history: Row[] = [{ status: 'placed', at: at.toISOString() }]
    let status = 'completed'
    let paymentMethod: PaidMethod = 'cash'
    let paymentStatus = 'paid'
    let paidAmount = total
    /** The price now, and what refunds took off it. */
    let price = total
    let takenOff = 0
    const book = ledgerDay(at)
    const reason = (kind: RefundKind, words: string | null, amount: number) => {
      const key = `${kind}|${words ?? ''}`
      book.reasons.set(key, (book.reasons.get(key) ?? 0) + amount)
    }
    /**
     * A cancel's `points` row (decision 0131): the checkout points back to the diner's card,
     * and what the diner's card had earned on the order taken back.
     */
    const pointsBack = (words: string | null, earned: number) => {
      const returned = checkoutPoints / 100
      if (returned + earned === 0) return
      refunds.push({
        id: randomUUID(),
        restaurant_id: restaurantId,
        order_id: id,
        action_id: randomUUID(),
        kind: 'whole',
        way: 'points',
        payment_id: null,
        amount: 0,
        taken_off: 0,
        lines: [],
        points_returned: returned,
        points_taken_back: earned,
        state: 'done',
        reason: words ?? 'Заказ отменён',
        actor_kind: 'waiter',
        actor_name: 'Официант',
        currency: 'RUB',
        created_at: later.toISOString(),
        completed_at: later.toISOString(),
      })
      book.pointsReturned += returned
      book.pointsTakenBack += earned
    }
    const cancel = (words: string | null) => {
      status = 'cancelled'
      history.push({
        status: 'cancelled',
        at: later.toISOString(),
        ...(words ? { reason: words } : {}),
      })
    }

    if (scenario < 0.3) {
      // Cash to the waiter.
      book.gross.cash += total
    } else if (scenario < 0.5) {
      // The order's own online payment, perhaps with a tip; now and then part of it refunded
      // and the acquirer refused it (decision 0139): left so (it gave its money back to the
      // order's sums), or asked again and given back then.
      paymentMethod = pick(['card', 'sbp'] as const)
      const tip = tipOn(total)
      const refusal = checkoutPoints === 0 ? next() : 1
      const amount = Math.min(lines[0]?.unitPrice ?? 0, total)
      const retried = refusal < 0.12
      const paymentId = payment({
        at: later,
        method: paymentMethod,
        orderId: id,
        sessionId,
        allocations: [{ orderId: id, amount: total, lines: [] }],
        tip,
        waiterId,
        refunded: retried ? amount : 0,
      })
      book.gross[paymentMethod] += total
      if (refusal < 0.24 && amount > 0) {
        const words = pick(REASONS) ?? 'Скидка'
        const takenBack = Math.ceil(amount / 1000)
        const step = (state: string, again = false) => ({
          status: 'completed',
          at: later.toISOString(),
          refund: { amount, state, ...(again ? { again: true } : {}) },
        })
        history.push(
          {
            status: 'completed',
            at: later.toISOString(),
            refund: { amount, state: 'in_progress', kind: 'part', takenOff: amount, reason: words },
          },
          step('failed'),
        )
        refunds.push({
          id: randomUUID(),
          restaurant_id: restaurantId,
          order_id: id,
          action_id: randomUUID(),
          kind: 'part',
          way: 'online',
          payment_id: paymentId,
          amount,
          taken_off: amount,
          lines: [{ line: 0, quantity: 1 }],
          points_returned: 0,
          // What the refund took back of the payment's earn (decision 0140): given back with a
          // refusal, so the report counts it only for a refund asked again and given back.
          points_taken_back: takenBack,
          state: retried ? 'done' : 'failed',
          reason: words,
          actor_kind: 'manager',
          actor_name: 'Управляющий',
          currency: 'RUB',
          created_at: later.toISOString(),
          completed_at: later.toISOString(),
        })
        if (retried) {
          history.push(step('in_progress', true), step('done'))
          const first = lines[0]
          if (first) Object.assign(first, { refundedQuantity: 1 })
          price -= amount
          takenOff += amount
          paidAmount -= amount
          book.refunded[paymentMethod] += amount
          book.refundOrders += 1
          book.pointsTakenBack += takenBack
          reason('part', words, amount)
        }
      }
    } else if (scenario < 0.62 && sessionId) {
      // On the bill by card, part of it in points.
      const points = next() < 0.4 ? Math.min(5_000, Math.floor(total / 3)) : 0
      const tip = tipOn(total)
      payment({
        at: later,
        method: 'card',
        orderId: null,
        sessionId,
        allocations: [{ orderId: id, amount: total, points, lines: [] }],
        tip,
        waiterId,
        refunded: 0,
      })
      book.gross.card += total - points
    } else if (scenario < 0.7) {
      // Not paid yet.
      status = 'accepted'
      paymentStatus = 'unpaid'
      paidAmount = 0
    } else if (scenario < 0.8) {
      // Paid online, then cancelled by the waiter: the money went back, the tip stays.
      paymentMethod = pick(['card', 'sbp'] as const)
      const words = pick(REASONS)
      const tip = tipOn(total)
      cancel(words)
      pointsBack(words, next() < 0.5 ? Math.floor(total / 1000) : 0)
      history.push({
        status: 'cancelled',
        at: later.toISOString(),
        refund: { amount: total, state: 'in_progress' },
      })
      history.push({
        status: 'cancelled',
        at: later.toISOString(),
        refund: { amount: total, state: 'done' },
      })
      payment({
        at: at,
        method: paymentMethod,
        orderId: id,
        sessionId,
        allocations: [{ orderId: id, amount: total, lines: [] }],
        tip,
        waiterId,
        // A few diners had the tip back too.
        refunded: total + (tip > 0 && next() < 0.3 ? tip : 0),
      })
      paymentStatus = 'refunded'
      paidAmount = 0
      book.gross[paymentMethod] += total
      book.refunded[paymentMethod] += total
      book.refundOrders += 1
      reason('cancel', words, total)
    } else if (scenario < 0.84) {
      // Cancelled before anything was paid.
      const words = pick(REASONS)
      cancel(words)
      pointsBack(words, 0)
      paymentStatus = 'unpaid'
      paidAmount = 0
    } else if (scenario < 0.9) {
      // The waiter took cash, and a card payment came in after: it went back.
      paymentMethod = 'card'
      payment({
        at: later,
        method: 'card',
        orderId: id,
        sessionId,
        allocations: [{ orderId: id, amount: total, lines: [] }],
        tip: 0,
        waiterId,
        refunded: total,
      })
      history.push({
        status: 'completed',
        at: later.toISOString(),
        refund: { amount: total, state: 'in_progress' },
      })
      book.gross.cash += total
      book.gross.card += total
      book.refunded.card += total
      book.refundOrders += 1
      reason('overpaid', null, total)
    } else if (sessionId) {
      // One bill payment for this order and a second one at the table; the second is then
      // cancelled and its share goes back.
      const otherId = randomUUID()
      const otherLines = [{ ...lines[0], quantity: 1, lineTotal: lines[0]?.unitPrice ?? 0 }]
      const otherTotal = otherLines[0]?.lineTotal ?? 0
      const words = pick(REASONS)
      orders.push(
        orderRow({
          id: otherId,
          restaurantId,
          number: numberFrom + count + index,
          type,
          status: 'cancelled',
          sessionId,
          lines: otherLines,
          subtotal: otherTotal,
          deliveryFee: 0,
          points: 0,
          total: otherTotal,
          paymentMethod: 'sbp',
          paymentStatus: 'refunded',
          paidAmount: 0,
          history: [
            { status: 'placed', at: at.toISOString() },
            { status: 'cancelled', at: later.toISOString(), ...(words ? { reason: words } : {}) },
          ],
          at,
        }),
      )
      const tip = tipOn(total + otherTotal)
      payment({
        at: later,
        method: 'sbp',
        orderId: null,
        sessionId,
        allocations: [
          { orderId: id, amount: total, lines: [] },
          { orderId: otherId, amount: otherTotal, lines: [] },
        ],
        tip,
        waiterId,
        refunded: otherTotal,
      })
      paymentMethod = 'sbp'
      book.cancelled += 1
      book.gross.sbp += total + otherTotal
      book.refunded.sbp += otherTotal
      book.refundOrders += 1
      reason('cancel', words, otherTotal)
    } else {
      book.gross.cash += total
    }
    if (status === 'cancelled') book.cancelled += 1
    else {
      book.orders += 1
      if (paidAmount >= price) {
        book.paid += 1
        book.paidTotal += price
      }
    }
    orders.push(
      orderRow({
        id,
        restaurantId,
        number: numberFrom + index,
        type,
        status,
        sessionId,
        lines,
        subtotal,
        deliveryFee,
        points: checkoutPoints,
        total: price,
        takenOff,
        paymentMethod,
        paymentStatus,
        paidAmount,
        history,
        at,
      }),
    )
  }
  await insertAll(db, 'table_sessions', sessions)
  await insertAll(db, 'orders', orders)
  await insertAll(db, 'payments', payments)
  await insertAll(db, 'tips', tips)
  await insertAll(db, 'refunds', refunds)
  return ledger
}

function orderRow(order: {
  id: string
  restaurantId: string
  number: number
  type: string
  status: string
  sessionId: string | null
  lines: Row[]
  subtotal: number
  deliveryFee: number
  points: number
  total: number
  paymentMethod: PaidMethod
  paymentStatus: string
  paidAmount: number
  history: Row[]
  at: Date
  takenOff?: number
}): Row {
  return {
    id: order.id,
    restaurant_id: order.restaurantId,
    number: order.number,
    type: order.type,
    status: order.status,
    table_session_id: order.sessionId,
    table_ref: null,
    contact: order.type === 'dine_in' ? null : { name: 'Гость', phone: '+79990000000' },
    address: order.type === 'delivery' ? { street: 'Тверская', house: '1' } : null,
    scheduled_for: null,
    guests: null,
    comment: null,
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    currency: 'RUB',
    lines: order.lines,
    subtotal: order.subtotal,
    service_charge: 0,
    delivery_fee: order.deliveryFee,
    discount: order.points,
    bonus_points: order.points,
    tip: 0,
    paid_amount: order.paidAmount,
    total: order.total,
    taken_off: order.takenOff ?? 0,
    history: order.history,
    idempotency_key: randomUUID(),
    request_hash: 'agreement',
    placed_at: order.at.toISOString(),
    updated_at: order.at.toISOString(),
  }
}

/** A Russian CSV's money (`1234,50`) in minor units. */
const minor = (text: string | undefined) => Math.round(Number((text ?? '').replace(',', '.')) * 100)

/**
 * Where the report (the screen's numbers), its Russian CSV and the generator's ledger of the
 * orders disagree for the range `[from, to]` (`window`: its instants), as sentences; none when
 * they agree. Also checks the report against itself: its parts add up to its totals.
 */
export function disagreements(
  report: DayReport,
  csv: string,
  ledger: Ledger,
  window: { start: Date; end: Date },
): string[] {
  const found: string[] = []
  const same = (what: string, a: number, b: number) => {
    if (a !== b) found.push(`${what}: ${String(a)} ≠ ${String(b)}`)
  }
  const days = [...ledger.days.entries()].filter(([day]) => day >= report.from && day <= report.to)
  const total = (pick: (day: LedgerDay) => number) =>
    days.reduce((sum, [, day]) => sum + pick(day), 0)

  // The report against the orders as the generator made them.
  for (const method of METHODS) {
    const row = report.revenue.byMethod.find((entry) => entry.method === method)
    same(
      `gross ${method}`,
      row?.gross ?? 0,
      total((day) => day.gross[method]),
    )
    same(
      `refunded ${method}`,
      row?.refunded ?? 0,
      total((day) => day.refunded[method]),
    )
    same(
      `net ${method}`,
      row?.amount ?? 0,
      total((day) => day.gross[method] - day.refunded[method]),
    )
    const refunds = report.refunds.byMethod.find((entry) => entry.method === method)
    same(
      `refunds by ${method}`,
      refunds?.amount ?? 0,
      total((day) => day.refunded[method]),
    )
  }
  same(
    'orders',
    report.orders.count,
    total((day) => day.orders),
  )
  same(
    'cancelled',
    report.orders.cancelled,
    total((day) => day.cancelled),
  )
  same(
    'paid orders',
    report.orders.paid,
    total((day) => day.paid),
  )
  const paid = total((day) => day.paid)
  same(
    'average bill',
    report.orders.averageBill,
    paid === 0 ? 0 : Math.round(total((day) => day.paidTotal) / paid),
  )
  same(
    'orders with refunds',
    report.refunds.orders,
    total((day) => day.refundOrders),
  )
  const reasons = new Map<string, number>()
  for (const [, day] of days) {
    for (const [key, amount] of day.reasons) reasons.set(key, (reasons.get(key) ?? 0) + amount)
  }
  for (const [key, amount] of reasons) {
    const row = report.refunds.byReason.find(
      (entry) => `${entry.kind}|${entry.reason ?? ''}` === key,
    )
    same(`refunds for ${key}`, row?.amount ?? 0, amount)
  }
  same('reasons', report.refunds.byReason.length, reasons.size)
  const tipsIn = ledger.tips.filter(([at]) => at >= window.start && at < window.end)
  const waiters = new Set(tipsIn.map(([, waiter]) => waiter))
  for (const waiter of waiters) {
    const mine = tipsIn.filter(([, id]) => id === waiter)
    const row = report.tips.byWaiter.find((entry) => (entry.waiter?.id ?? null) === waiter)
    same(
      `tips of ${waiter ?? 'the pool'}`,
      row?.total ?? 0,
      mine.reduce((s, t) => s + t[2] - t[3], 0),
    )
    same(
      `tips refunded of ${waiter ?? 'the pool'}`,
      row?.refunded ?? 0,
      mine.reduce((s, t) => s + t[3], 0),
    )
  }
  for (const [date, day] of days) {
    const row = report.days.find((entry) => entry.date === date)
    same(
      `revenue of ${date}`,
      row?.revenue ?? 0,
      METHODS.reduce((sum, method) => sum + day.gross[method] - day.refunded[method], 0),
    )
  }

  // The report against itself.
  const sum = <T>(list: readonly T[], pick: (entry: T) => number) =>
    list.reduce((s, entry) => s + pick(entry), 0)
  same(
    'net = Σ methods',
    report.revenue.total,
    sum(report.revenue.byMethod, (row) => row.amount),
  )
  same(
    'net = gross − refunded',
    report.revenue.total,
    report.revenue.gross - report.revenue.refunded,
  )
  same(
    'refunds = Σ by way',
    report.refunds.total,
    sum(report.refunds.byMethod, (row) => row.amount),
  )
  same(
    'refunds = Σ by reason',
    report.refunds.total,
    sum(report.refunds.byReason, (row) => row.amount),
  )
  same('refunded = refunds', report.revenue.refunded, report.refunds.total)
  same(
    'points returned',
    report.refunds.pointsReturned,
    total((day) => day.pointsReturned),
  )
  same(
    'points taken back',
    report.refunds.pointsTakenBack,
    total((day) => day.pointsTakenBack),
  )
  same(
    'net = Σ days',
    report.revenue.total,
    sum(report.days, (row) => row.revenue),
  )
  same(
    'tips = Σ waiters',
    report.tips.total,
    sum(report.tips.byWaiter, (row) => row.total),
  )

  // The CSV against the report.
  const rows = csv
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((line) => line.split(';'))
  const row = (section: string, label: string) =>
    rows.find((cells) => cells[0] === section && cells[1] === label)
  const words = { cash: 'Наличные', card: 'Карта', sbp: 'СБП' } as const
  for (const method of METHODS) {
    const line = report.revenue.byMethod.find((entry) => entry.method === method)
    const cells = row('Выручка', words[method])
    same(`CSV net ${method}`, minor(cells?.[2]), line?.amount ?? 0)
    same(`CSV gross ${method}`, minor(cells?.[4]), line?.gross ?? 0)
    same(`CSV refunded ${method}`, minor(cells?.[5]), line?.refunded ?? 0)
  }
  const totals = row('Выручка', 'Итого')
  same('CSV net', minor(totals?.[2]), report.revenue.total)
  same('CSV refunded', minor(totals?.[5]), report.revenue.refunded)
  same('CSV refunds', minor(row('Возвраты', 'Итого')?.[2]), report.refunds.total)
  same(
    'CSV points returned',
    Number(row('Возвраты', 'Баллы возвращены на карты (баллов)')?.[2]),
    report.refunds.pointsReturned,
  )
  same(
    'CSV points taken back',
    Number(row('Возвраты', 'Начисленные баллы списаны (баллов)')?.[2]),
    report.refunds.pointsTakenBack,
  )
  same('CSV average bill', minor(row('Заказы', 'Средний чек')?.[2]), report.orders.averageBill)
  same('CSV paid orders', Number(row('Заказы', 'Оплачено полностью')?.[3]), report.orders.paid)
  same('CSV tips', minor(row('Чаевые', 'Итого')?.[2]), report.tips.total)
  same('CSV tips refunded', minor(row('Чаевые', 'Итого')?.[5]), report.tips.refunded)
  for (const day of report.days) {
    same(`CSV revenue of ${day.date}`, minor(row('По дням', day.date)?.[2]), day.revenue)
  }
  return found
}
