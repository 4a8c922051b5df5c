import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely'
import type {
  BonusCardsTable,
  BonusEntriesTable,
  BonusProgramsTable,
  Database,
} from '../../db/schema'

export type BonusProgram = Selectable<BonusProgramsTable>
export type BonusEntry = Selectable<BonusEntriesTable>
export type BonusCardRow = Selectable<BonusCardsTable>
export type NewBonusEntry = Insertable<BonusEntriesTable>

type Executor = Kysely<Database> | Transaction<Database>

/**
 * The bonus ledger's SQL (decision 0055): programmes, cards, entries and which credits a debit
 * took. Each function runs on the executor it is given: the ledger's own transaction, or the
 * caller's that places the order or records the payment.
 */

/** The restaurant's programme, when it is on. */
export function activeProgram(executor: Executor, restaurantId: string) {
  return executor
    .selectFrom('bonusPrograms')
    .selectAll()
    .where('restaurantId', '=', restaurantId)
    .where('active', '=', true)
    .executeTakeFirst()
}

/** The card's row, locked to the end of `trx`: two spends at once queue on it. */
export function lockCard(trx: Transaction<Database>, cardId: string) {
  return trx
    .selectFrom('bonusCards')
    .select(['id', 'restaurantId', 'balance'])
    .where('id', '=', cardId)
    .forUpdate()
    .executeTakeFirstOrThrow()
}

/** The card, unless another sweeper holds it (then undefined). */
export function lockCardUnlessTaken(trx: Transaction<Database>, cardId: string) {
  return trx
    .selectFrom('bonusCards')
    .select('id')
    .where('id', '=', cardId)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst()
}

export function cardById(executor: Executor, cardId: string): Promise<BonusCardRow | undefined> {
  return executor.selectFrom('bonusCards').selectAll().where('id', '=', cardId).executeTakeFirst()
}

/** The diner's card at the restaurant. */
export function cardOfClient(
  executor: Executor,
  restaurantId: string,
  clientId: string,
): Promise<BonusCardRow | undefined> {
  return executor
    .selectFrom('bonusCards')
    .selectAll()
    .where('restaurantId', '=', restaurantId)
    .where('clientId', '=', clientId)
    .executeTakeFirst()
}

/** The id of the diner's card at the restaurant. */
export function cardIdOfClient(executor: Executor, restaurantId: string, clientId: string) {
  return executor
    .selectFrom('bonusCards')
    .select('id')
    .where('restaurantId', '=', restaurantId)
    .where('clientId', '=', clientId)
    .executeTakeFirst()
}

/** A new card; undefined when its number or the diner's card there exists already. */
export function insertCard(
  trx: Transaction<Database>,
  card: { restaurantId: string; clientId: string; number: string },
): Promise<BonusCardRow | undefined> {
  return trx
    .insertInto('bonusCards')
    .values(card)
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst()
}

export function insertEntry(trx: Transaction<Database>, entry: NewBonusEntry): Promise<BonusEntry> {
  return trx.insertInto('bonusEntries').values(entry).returningAll().executeTakeFirstOrThrow()
}

/** The points that expire next on the card: its first credit still open after `at`. */
export function nextExpiry(executor: Executor, cardId: string, at: Date) {
  return executor
    .selectFrom('bonusEntries')
    .select(['remaining', 'expiresAt'])
    .where('cardId', '=', cardId)
    .where('status', '=', 'available')
    .where('remaining', '>', 0)
    .where('expiresAt', '>', at)
    .orderBy('expiresAt')
    .orderBy('seq')
    .executeTakeFirst()
}

/** The card's ledger, newest first. */
export function entriesOfCard(executor: Executor, cardId: string, limit: number) {
  return executor
    .selectFrom('bonusEntries')
    .selectAll()
    .where('cardId', '=', cardId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute()
}

/**
 * The card's credits with points left, locked: `first` before the others, then those that
 * expire first, then the oldest. Credits past `at` only when `expired` (the sweep's).
 */
export function openCredits(
  trx: Transaction<Database>,
  credits: { cardId: string; at: Date; first?: string | undefined; expired?: boolean | undefined },
) {
  return trx
    .selectFrom('bonusEntries')
    .select(['id', 'remaining'])
    .where('cardId', '=', credits.cardId)
    .where('status', '=', 'available')
    .where('remaining', '>', 0)
    .$if(!credits.expired, (query) =>
      query.where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', credits.at)])),
    )
    .orderBy(sql`id = ${credits.first ?? null}`, (ob) => ob.desc().nullsLast())
    .orderBy('expiresAt', (ob) => ob.asc().nullsLast())
    .orderBy('seq')
    .forUpdate()
    .execute()
}

/** A debit took points from the credit (`change` below 0), or gave them back (above 0). */
export async function changeCreditRemaining(
  trx: Transaction<Database>,
  creditId: string,
  change: number,
): Promise<void> {
  await trx
    .updateTable('bonusEntries')
    .set((eb) => ({ remaining: eb('remaining', '+', change) }))
    .where('id', '=', creditId)
    .execute()
}

export async function recordAllocations(
  trx: Transaction<Database>,
  debitId: string,
  taken: readonly { creditId: string; points: number }[],
): Promise<void> {
  await trx
    .insertInto('bonusAllocations')
    .values(taken.map((take) => ({ debitId, ...take })))
    .execute()
}

export function allocationsOf(trx: Transaction<Database>, debitId: string) {
  return trx
    .selectFrom('bonusAllocations')
    .select(['creditId', 'points'])
    .where('debitId', '=', debitId)
    .execute()
}

/** What the order earned, pending still, with its programme's expiry; locked. */
export function pendingEarnsOfOrder(trx: Transaction<Database>, orderId: string) {
  return trx
    .selectFrom('bonusEntries as e')
    .innerJoin('bonusCards as c', 'c.id', 'e.cardId')
    .innerJoin('bonusPrograms as p', 'p.restaurantId', 'c.restaurantId')
    .select(['e.id', 'e.points', 'p.expiryDays'])
    .where('e.orderId', '=', orderId)
    .where('e.kind', '=', 'earn')
    .where('e.status', '=', 'pending')
    .forUpdate('e')
    .execute()
}

export async function makeAvailable(
  trx: Transaction<Database>,
  entryId: string,
  points: number,
  expiresAt: Date,
): Promise<void> {
  await trx
    .updateTable('bonusEntries')
    .set({ status: 'available', remaining: points, expiresAt })
    .where('id', '=', entryId)
    .execute()
}

/**
 * The spends of an order (and payment: a payment's id, `null` for those at checkout, undefined
 * for any) with what of each has come back so far, oldest first; those given back whole left
 * out. Spend entries' points are negative; `returned` is positive.
 */
export async function spendsToReturn(
  trx: Transaction<Database>,
  orderId: string | null,
  paymentId: string | null | undefined,
  spendId?: string,
) {
  const rows = await trx
    .selectFrom('bonusEntries as s')
    .select((eb) => [
      's.id',
      's.cardId',
      's.points',
      's.orderId',
      's.paymentId',
      eb.fn
        .coalesce(
          eb
            .selectFrom('bonusEntries as r')
            .select((inner) => inner.fn.sum<string | number>('r.points').as('sum'))
            .whereRef('r.reversesId', '=', 's.id')
            .where('r.kind', '=', 'reverse')
            .where('r.points', '>', 0),
          eb.lit(0),
        )
        .as('returned'),
    ])
    .$if(orderId !== null, (query) => query.where('s.orderId', '=', orderId ?? ''))
    .$if(typeof paymentId === 'string', (query) => query.where('s.paymentId', '=', paymentId ?? ''))
    .$if(paymentId === null, (query) => query.where('s.paymentId', 'is', null))
    .$if(spendId !== undefined, (query) => query.where('s.id', '=', spendId ?? ''))
    .where('s.kind', '=', 'spend')
    .orderBy('s.seq')
    .execute()
  return rows
    .map((row) => ({ ...row, returned: Number(row.returned) }))
    .filter((row) => row.returned < -row.points)
}

/** Points of a spend each credit got back so far (returns record the credits they restored). */
export async function restoredOfSpend(trx: Transaction<Database>, spendId: string) {
  const rows = await trx
    .selectFrom('bonusAllocations as a')
    .innerJoin('bonusEntries as r', 'r.id', 'a.debitId')
    .select(['a.creditId', 'a.points'])
    .where('r.reversesId', '=', spendId)
    .where('r.kind', '=', 'reverse')
    .where('r.points', '>', 0)
    .execute()
  const restored = new Map<string, number>()
  for (const row of rows) restored.set(row.creditId, (restored.get(row.creditId) ?? 0) + row.points)
  return restored
}

/** The points the order's spends (`paymentId` as in `spendsToReturn`) spent and got back. */
export async function spentAndReturned(
  trx: Transaction<Database>,
  orderId: string,
  paymentId: string | null | undefined,
): Promise<{ spent: number; returned: number }> {
  const rows = await trx
    .selectFrom('bonusEntries as s')
    .leftJoin('bonusEntries as r', (join) =>
      join.onRef('r.reversesId', '=', 's.id').on('r.kind', '=', 'reverse').on('r.points', '>', 0),
    )
    .select(['s.id', 's.points', 'r.points as returned'])
    .where('s.orderId', '=', orderId)
    .where('s.kind', '=', 'spend')
    .$if(typeof paymentId === 'string', (query) => query.where('s.paymentId', '=', paymentId ?? ''))
    .$if(paymentId === null, (query) => query.where('s.paymentId', 'is', null))
    .execute()
  const spent = new Map(rows.map((row) => [row.id, -row.points]))
  return {
    spent: [...spent.values()].reduce((sum, points) => sum + points, 0),
    returned: rows.reduce((sum, row) => sum + (row.returned ?? 0), 0),
  }
}

/** Voids what the order earned, pending still; the points voided. */
export function voidPendingEarns(trx: Transaction<Database>, orderId: string) {
  return trx
    .updateTable('bonusEntries')
    .set({ status: 'void', remaining: 0 })
    .where('orderId', '=', orderId)
    .where('kind', '=', 'earn')
    .where('status', '=', 'pending')
    .returning('points')
    .execute()
}

export async function voidEntry(trx: Transaction<Database>, entryId: string): Promise<void> {
  await trx
    .updateTable('bonusEntries')
    .set({ status: 'void', remaining: 0 })
    .where('id', '=', entryId)
    .execute()
}

export async function addEntry(trx: Transaction<Database>, entry: NewBonusEntry): Promise<void> {
  await trx.insertInto('bonusEntries').values(entry).execute()
}

/**
 * What the payment earned (or, for `{ orderId }`, what the order earned with money paid in cash,
 * no payment named), oldest first, locked.
 */
export function earnsOfPayment(trx: Transaction<Database>, of: string | { orderId: string }) {
  return trx
    .selectFrom('bonusEntries')
    .selectAll()
    .$if(typeof of === 'string', (query) => query.where('paymentId', '=', of as string))
    .$if(typeof of !== 'string', (query) =>
      query
        .where('orderId', '=', (of as { orderId: string }).orderId)
        .where('paymentId', 'is', null),
    )
    .where('kind', '=', 'earn')
    .orderBy('seq')
    .forUpdate()
    .execute()
}

/**
 * The points reversed of an earn so far (negative), less what a refused refund gave back of
 * them (an `adjust` of the earn, decision 0140).
 */
export function reversedOfEarn(trx: Transaction<Database>, earnId: string) {
  return trx
    .selectFrom('bonusEntries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('points'), eb.lit(0)).as('points'))
    .where('reversesId', '=', earnId)
    .where('kind', 'in', ['reverse', 'adjust'])
    .executeTakeFirstOrThrow()
}

/** The card the order's points at checkout were spent from, if any. */
export async function checkoutSpendCard(
  trx: Transaction<Database>,
  orderId: string,
): Promise<string | undefined> {
  const row = await trx
    .selectFrom('bonusEntries')
    .select('cardId')
    .where('orderId', '=', orderId)
    .where('kind', '=', 'spend')
    .where('paymentId', 'is', null)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst()
  return row?.cardId
}

/** Up to `limit` cards with points run out by `at`. */
export function cardsWithExpiredPoints(trx: Transaction<Database>, at: Date, limit: number) {
  return trx
    .selectFrom('bonusEntries')
    .select('cardId')
    .distinct()
    .where('status', '=', 'available')
    .where('remaining', '>', 0)
    .where('expiresAt', '<=', at)
    .limit(limit)
    .execute()
}

export function expiredCredits(trx: Transaction<Database>, cardId: string, at: Date) {
  return trx
    .selectFrom('bonusEntries')
    .select(['id', 'remaining'])
    .where('cardId', '=', cardId)
    .where('status', '=', 'available')
    .where('remaining', '>', 0)
    .where('expiresAt', '<=', at)
    .execute()
}

/** Whether a reversal gave back what the payment spent (it failed or was given up). */
export function reversalOfPaymentSpend(trx: Transaction<Database>, paymentId: string) {
  return trx
    .selectFrom('bonusEntries as r')
    .innerJoin('bonusEntries as s', 's.id', 'r.reversesId')
    .select('r.id')
    .where('s.paymentId', '=', paymentId)
    .where('s.kind', '=', 'spend')
    .where('r.kind', '=', 'reverse')
    .executeTakeFirst()
}

/** The card's latest entries, with the number of the order of each. */
export function entriesWithOrderNumbers(executor: Executor, cardId: string, limit: number) {
  return executor
    .selectFrom('bonusEntries')
    .leftJoin('orders', 'orders.id', 'bonusEntries.orderId')
    .select([
      'bonusEntries.id',
      'bonusEntries.kind',
      'bonusEntries.points',
      'bonusEntries.status',
      'bonusEntries.createdAt',
      'bonusEntries.expiresAt',
      'orders.number as orderNumber',
    ])
    .where('bonusEntries.cardId', '=', cardId)
    .orderBy('bonusEntries.seq', 'desc')
    .limit(limit)
    .execute()
}

export interface BirthdayDue {
  cardId: string
  points: number
  expiryDays: number
  year: number
}

/**
 * Cards whose diner has a birthday today where the restaurant is (29 February kept on 28
 * February in other years), at a restaurant whose programme gives birthday points, and that
 * got no birthday points this year yet.
 */
export async function birthdaysDue(executor: Executor, at: Date): Promise<BirthdayDue[]> {
  const { rows } = await sql<BirthdayDue>`
    select c.id as "cardId", p.birthday_points as points, p.expiry_days as "expiryDays",
           extract(year from local.day)::int as year
    from bonus_cards c
    join clients cl on cl.id = c.client_id
    join bonus_programs p on p.restaurant_id = c.restaurant_id
    join restaurants r on r.id = c.restaurant_id
    cross join lateral (select (${at}::timestamptz at time zone r.timezone)::date as day) local
    where p.active and p.birthday_points > 0 and cl.birthday is not null
      and (
        to_char(cl.birthday, 'MM-DD') = to_char(local.day, 'MM-DD')
        or (
          to_char(cl.birthday, 'MM-DD') = '02-29'
          and to_char(local.day, 'MM-DD') = '02-28'
          and extract(day from (date_trunc('year', local.day) + interval '1 month 28 days')) <> 29
        )
      )
      and not exists (
        select 1 from bonus_entries e
        where e.card_id = c.id and e.kind = 'birthday'
          and e.note = 'birthday ' || extract(year from local.day)::int
      )
  `.execute(executor)
  return rows
}

/** The year's birthday credit; undefined when another sweeper wrote it first (unique index). */
export function insertBirthdayCredit(executor: Executor, entry: NewBonusEntry) {
  return executor
    .insertInto('bonusEntries')
    .values(entry)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst()
}
