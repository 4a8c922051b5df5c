import { randomInt } from 'node:crypto'
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import type { BonusEntriesTable, BonusProgramsTable, Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'

/** One point is one unit of the restaurant's currency. */
export const MINOR_PER_POINT = 100

export type BonusProgram = Selectable<BonusProgramsTable>
export type BonusEntry = Selectable<BonusEntriesTable>

type Executor = Kysely<Database> | Transaction<Database>

const DAY_MS = 24 * 60 * 60 * 1000

/** Twelve digits, the first never 0, so the number reads the same wherever it is printed. */
export function newCardNumber(): string {
  return `${String(randomInt(1, 10))}${String(randomInt(0, 1e11)).padStart(11, '0')}`
}

/** Points earned on `paidMinor` of money: whole points, rounded down. */
export function pointsEarned(program: BonusProgram, paidMinor: number): number {
  return Math.floor((paidMinor * program.earnBasisPoints) / 10_000 / MINOR_PER_POINT)
}

/** The most points an order of `totalMinor` may take: the programme's share, in whole points. */
export function spendCap(program: BonusProgram, totalMinor: number): number {
  return Math.floor((totalMinor * program.maxShareBasisPoints) / 10_000 / MINOR_PER_POINT)
}

export interface BonusLedgerDeps {
  db: Kysely<Database>
  now?: () => Date
}

/**
 * The bonus card's ledger (decision 0055). Every movement of points is an entry; the card's
 * balance and pending points follow from the entries by triggers, and the balance's check
 * refuses whatever would take it below zero. Debits take the points that expire first (then
 * the oldest), and record which credits they took, so that a spend given back restores them.
 * Each function writes in the transaction it is given: the caller's, the one that places the
 * order or records the payment.
 */
export function createBonusLedger({ db, now = () => new Date() }: BonusLedgerDeps) {
  const program = (restaurantId: string, executor: Executor = db) =>
    executor
      .selectFrom('bonusPrograms')
      .selectAll()
      .where('restaurantId', '=', restaurantId)
      .where('active', '=', true)
      .executeTakeFirst()

  const lockCard = (cardId: string, trx: Transaction<Database>) =>
    trx
      .selectFrom('bonusCards')
      .select(['id', 'restaurantId', 'balance'])
      .where('id', '=', cardId)
      .forUpdate()
      .executeTakeFirstOrThrow()

  const credit = async (
    trx: Transaction<Database>,
    entry: {
      cardId: string
      kind: 'welcome' | 'birthday' | 'adjust'
      points: number
      expiresAt: Date
      note?: string
    },
  ) =>
    trx
      .insertInto('bonusEntries')
      .values({
        cardId: entry.cardId,
        kind: entry.kind,
        points: entry.points,
        status: 'available',
        remaining: entry.points,
        expiresAt: entry.expiresAt,
        note: entry.note ?? null,
        createdAt: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()

  /**
   * Takes `points` from the card's credits that expire first, as one debit entry of `kind`
   * (negative), recording the credits it took. `first` is a credit to take from before the
   * others (an earn being reversed takes back its own points first). Fewer available points
   * than asked is `bonus_insufficient`; the balance's check would refuse it anyway.
   */
  const debit = async (
    trx: Transaction<Database>,
    entry: {
      cardId: string
      kind: 'spend' | 'expire' | 'reverse' | 'adjust'
      points: number
      orderId?: string | null
      paymentId?: string | null
      reversesId?: string | null
      first?: string
      /** Take credits that have run out too (the expiry sweep takes exactly those). */
      expired?: boolean
    },
  ): Promise<BonusEntry> => {
    const at = now()
    const open = await trx
      .selectFrom('bonusEntries')
      .select(['id', 'remaining'])
      .where('cardId', '=', entry.cardId)
      .where('status', '=', 'available')
      .where('remaining', '>', 0)
      .$if(!entry.expired, (query) =>
        query.where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', at)])),
      )
      .orderBy(sql`id = ${entry.first ?? null}`, (ob) => ob.desc().nullsLast())
      .orderBy('expiresAt', (ob) => ob.asc().nullsLast())
      .orderBy('seq')
      .forUpdate()
      .execute()
    const taken: { creditId: string; points: number }[] = []
    let left = entry.points
    for (const row of open) {
      if (left === 0) break
      const points = Math.min(left, row.remaining ?? 0)
      taken.push({ creditId: row.id, points })
      left -= points
    }
    if (left > 0) {
      throw new HttpError(
        409,
        'bonus_insufficient',
        `The card has ${String(entry.points - left)} points to spend, not ${String(entry.points)}.`,
      )
    }
    const written = await trx
      .insertInto('bonusEntries')
      .values({
        cardId: entry.cardId,
        kind: entry.kind,
        points: -entry.points,
        status: 'available',
        orderId: entry.orderId ?? null,
        paymentId: entry.paymentId ?? null,
        reversesId: entry.reversesId ?? null,
        createdAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    for (const { creditId, points } of taken) {
      await trx
        .updateTable('bonusEntries')
        .set((eb) => ({ remaining: eb('remaining', '-', points) }))
        .where('id', '=', creditId)
        .execute()
    }
    if (taken.length > 0) {
      await trx
        .insertInto('bonusAllocations')
        .values(taken.map((take) => ({ debitId: written.id, ...take })))
        .execute()
    }
    return written
  }

  return {
    program,

    /**
     * Registers the diner's card at the restaurant (one a restaurant), with the programme's
     * welcome points; the card there already is given back as it is.
     */
    async openCard(restaurantId: string, clientId: string) {
      return db.transaction().execute(async (trx) => {
        const found = await program(restaurantId, trx)
        if (!found) {
          throw new HttpError(409, 'bonus_program_off', 'This restaurant has no bonus programme.')
        }
        const existing = await trx
          .selectFrom('bonusCards')
          .selectAll()
          .where('restaurantId', '=', restaurantId)
          .where('clientId', '=', clientId)
          .executeTakeFirst()
        if (existing) return existing
        const card = await trx
          .insertInto('bonusCards')
          .values({ restaurantId, clientId, number: newCardNumber() })
          .onConflict((conflict) => conflict.doNothing())
          .returningAll()
          .executeTakeFirst()
        // A number taken already (one in 10¹¹) or a card made meanwhile: read what is there.
        if (!card) {
          return trx
            .selectFrom('bonusCards')
            .selectAll()
            .where('restaurantId', '=', restaurantId)
            .where('clientId', '=', clientId)
            .executeTakeFirstOrThrow()
        }
        if (found.welcomePoints > 0) {
          await credit(trx, {
            cardId: card.id,
            kind: 'welcome',
            points: found.welcomePoints,
            expiresAt: new Date(now().getTime() + found.expiryDays * DAY_MS),
          })
        }
        return trx
          .selectFrom('bonusCards')
          .selectAll()
          .where('id', '=', card.id)
          .executeTakeFirstOrThrow()
      })
    },

    /** The card with its balance, pending points and what expires next. */
    async card(cardId: string) {
      const [card, next] = await Promise.all([
        db.selectFrom('bonusCards').selectAll().where('id', '=', cardId).executeTakeFirst(),
        db
          .selectFrom('bonusEntries')
          .select(['remaining', 'expiresAt'])
          .where('cardId', '=', cardId)
          .where('status', '=', 'available')
          .where('remaining', '>', 0)
          .where('expiresAt', '>', now())
          .orderBy('expiresAt')
          .orderBy('seq')
          .executeTakeFirst(),
      ])
      if (!card) return undefined
      return {
        ...card,
        nextExpiry: next?.expiresAt ? { points: next.remaining ?? 0, at: next.expiresAt } : null,
      }
    },

    /** The card's ledger, newest first. */
    entries(cardId: string, limit = 100) {
      return db
        .selectFrom('bonusEntries')
        .selectAll()
        .where('cardId', '=', cardId)
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute()
    },

    /**
     * Points earned on what a payment (or an order paid in cash) actually paid in money, after
     * discounts and points, without tip and delivery fee (the caller says how much that is):
     * pending until the order is completed and paid. None for less than a point.
     */
    async earnPending(
      trx: Transaction<Database>,
      earn: { cardId: string; paidMinor: number; orderId: string; paymentId?: string | null },
    ): Promise<BonusEntry | undefined> {
      const card = await lockCard(earn.cardId, trx)
      const found = await program(card.restaurantId, trx)
      if (!found) return undefined
      const points = pointsEarned(found, earn.paidMinor)
      if (points <= 0) return undefined
      return trx
        .insertInto('bonusEntries')
        .values({
          cardId: earn.cardId,
          kind: 'earn',
          points,
          status: 'pending',
          remaining: points,
          orderId: earn.orderId,
          paymentId: earn.paymentId ?? null,
          createdAt: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    /** The order is completed and paid: what it earned becomes available, expiring in time. */
    async release(trx: Transaction<Database>, orderId: string): Promise<number> {
      const pending = await trx
        .selectFrom('bonusEntries as e')
        .innerJoin('bonusCards as c', 'c.id', 'e.cardId')
        .innerJoin('bonusPrograms as p', 'p.restaurantId', 'c.restaurantId')
        .select(['e.id', 'e.points', 'p.expiryDays'])
        .where('e.orderId', '=', orderId)
        .where('e.kind', '=', 'earn')
        .where('e.status', '=', 'pending')
        .forUpdate('e')
        .execute()
      for (const entry of pending) {
        await trx
          .updateTable('bonusEntries')
          .set({
            status: 'available',
            remaining: entry.points,
            expiresAt: new Date(now().getTime() + entry.expiryDays * DAY_MS),
          })
          .where('id', '=', entry.id)
          .execute()
      }
      return pending.length
    },

    /**
     * Spends points on an order, as a discount the caller applies in the same transaction:
     * within the programme's share of the order's total and the card's balance; two phones
     * spending at once queue on the card's row, and the second finds what the first left.
     */
    async spend(
      trx: Transaction<Database>,
      spend: {
        cardId: string
        orderId: string
        points: number
        orderTotalMinor: number
        /** The bill payment that spends them (decision 0060); none at checkout. */
        paymentId?: string | null
      },
    ): Promise<BonusEntry> {
      const card = await lockCard(spend.cardId, trx)
      const found = await program(card.restaurantId, trx)
      if (!found) {
        throw new HttpError(409, 'bonus_program_off', 'This restaurant has no bonus programme.')
      }
      const cap = spendCap(found, spend.orderTotalMinor)
      if (spend.points > cap) {
        throw new HttpError(
          409,
          'bonus_over_cap',
          `Points pay at most ${String(found.maxShareBasisPoints / 100)} % of an order: ${String(cap)} points on this one.`,
        )
      }
      return debit(trx, {
        cardId: spend.cardId,
        kind: 'spend',
        points: spend.points,
        orderId: spend.orderId,
        paymentId: spend.paymentId ?? null,
      })
    },

    /**
     * The order was cancelled or refunded: the points it spent come back to the credits they
     * came from (once; again changes nothing). Returns the points given back. With `paymentId`,
     * only what that payment spent on it; with `orderId` null, all that payment spent (it
     * failed, or was given up).
     */
    async giveBack(
      trx: Transaction<Database>,
      orderId: string | null,
      paymentId?: string,
    ): Promise<number> {
      if (orderId === null && paymentId === undefined) throw new Error('Give back whose points?')
      const spends = await trx
        .selectFrom('bonusEntries as s')
        .select(['s.id', 's.cardId', 's.points', 's.orderId'])
        .$if(orderId !== null, (query) => query.where('s.orderId', '=', orderId ?? ''))
        .$if(paymentId !== undefined, (query) => query.where('s.paymentId', '=', paymentId ?? ''))
        .where('s.kind', '=', 'spend')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('bonusEntries as r')
                .select('r.id')
                .whereRef('r.reversesId', '=', 's.id')
                .where('r.kind', '=', 'reverse'),
            ),
          ),
        )
        .execute()
      let given = 0
      for (const spend of spends) {
        await lockCard(spend.cardId, trx)
        const inserted = await trx
          .insertInto('bonusEntries')
          .values({
            cardId: spend.cardId,
            kind: 'reverse',
            points: -spend.points,
            status: 'available',
            remaining: 0,
            orderId: spend.orderId,
            paymentId: paymentId ?? null,
            reversesId: spend.id,
            createdAt: now(),
          })
          .onConflict((conflict) =>
            conflict
              .column('reversesId')
              .where('kind', '=', 'reverse')
              .where('points', '>', 0)
              .doNothing(),
          )
          .returning('id')
          .executeTakeFirst()
        if (!inserted) continue
        const allocations = await trx
          .selectFrom('bonusAllocations')
          .select(['creditId', 'points'])
          .where('debitId', '=', spend.id)
          .execute()
        for (const { creditId, points } of allocations) {
          await trx
            .updateTable('bonusEntries')
            .set((eb) => ({ remaining: eb('remaining', '+', points) }))
            .where('id', '=', creditId)
            .execute()
        }
        given += -spend.points
      }
      return given
    },

    /**
     * The order was cancelled before it completed: what it earned, pending still, never becomes
     * available (once; again changes nothing). Returns the points voided.
     */
    async voidPending(trx: Transaction<Database>, orderId: string): Promise<number> {
      const voided = await trx
        .updateTable('bonusEntries')
        .set({ status: 'void', remaining: 0 })
        .where('orderId', '=', orderId)
        .where('kind', '=', 'earn')
        .where('status', '=', 'pending')
        .returning('points')
        .execute()
      return voided.reduce((sum, entry) => sum + entry.points, 0)
    },

    /**
     * A refund of `refundedMinor` in all (so far) of a payment that paid `paidMinor` takes back
     * that share of what the payment earned: a pending earn is voided (what is kept earns anew,
     * still pending); an available one is taken back, its own points first, as far as the
     * balance goes (points already spent elsewhere stay spent). Returns the points taken back.
     */
    async reverseEarned(
      trx: Transaction<Database>,
      refund: { paymentId: string; refundedMinor: number; paidMinor: number },
    ): Promise<number> {
      const earns = await trx
        .selectFrom('bonusEntries')
        .selectAll()
        .where('paymentId', '=', refund.paymentId)
        .where('kind', '=', 'earn')
        .orderBy('seq')
        .forUpdate()
        .execute()
      const share = Math.min(1, refund.refundedMinor / Math.max(1, refund.paidMinor))
      let reversed = 0
      for (const cardId of new Set(earns.map((earn) => earn.cardId))) {
        const mine = earns.filter((earn) => earn.cardId === cardId)
        // What the payment earned first; a refund's share is of that.
        const earned = mine[0]?.points ?? 0
        const live = mine.find((earn) => earn.status !== 'void')
        if (!live) continue
        const target = Math.ceil(earned * share)
        const card = await lockCard(cardId, trx)
        if (live.status === 'pending') {
          const keep = earned - target
          if (keep >= live.points) continue
          await trx
            .updateTable('bonusEntries')
            .set({ status: 'void', remaining: 0 })
            .where('id', '=', live.id)
            .execute()
          if (keep > 0) {
            await trx
              .insertInto('bonusEntries')
              .values({
                cardId,
                kind: 'earn',
                points: keep,
                status: 'pending',
                remaining: keep,
                orderId: live.orderId,
                paymentId: live.paymentId,
                note: `Kept after a refund: ${String(keep)} of ${String(earned)}`,
                createdAt: now(),
              })
              .execute()
          }
          reversed += live.points - keep
          continue
        }
        const already = await trx
          .selectFrom('bonusEntries')
          .select((eb) =>
            eb.fn.coalesce(eb.fn.sum<string | number>('points'), eb.lit(0)).as('points'),
          )
          .where('reversesId', '=', live.id)
          .where('kind', '=', 'reverse')
          .executeTakeFirstOrThrow()
        // Taken back so far: what refunds voided while it was pending, and what they reversed.
        const takenBack = earned - live.points - Number(already.points)
        const points = Math.min(target - takenBack, card.balance)
        if (points <= 0) continue
        await debit(trx, {
          cardId,
          kind: 'reverse',
          points,
          orderId: live.orderId,
          paymentId: refund.paymentId,
          reversesId: live.id,
          first: live.id,
        })
        reversed += points
      }
      return reversed
    },

    /**
     * Points past their time expire, a card at a time, oldest first; at most `limit` cards a
     * sweep. Two sweepers skip each other's cards.
     */
    async expire(limit = 50): Promise<number> {
      const at = now()
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('bonusEntries')
          .select('cardId')
          .distinct()
          .where('status', '=', 'available')
          .where('remaining', '>', 0)
          .where('expiresAt', '<=', at)
          .limit(limit)
          .execute()
        let expired = 0
        for (const { cardId } of due) {
          const locked = await trx
            .selectFrom('bonusCards')
            .select('id')
            .where('id', '=', cardId)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst()
          if (!locked) continue
          const credits = await trx
            .selectFrom('bonusEntries')
            .select(['id', 'remaining'])
            .where('cardId', '=', cardId)
            .where('status', '=', 'available')
            .where('remaining', '>', 0)
            .where('expiresAt', '<=', at)
            .execute()
          const points = credits.reduce((sum, row) => sum + (row.remaining ?? 0), 0)
          if (points === 0) continue
          await debit(trx, { cardId, kind: 'expire', points, expired: true })
          expired += points
        }
        return expired
      })
    },
  }
}

export type BonusLedger = ReturnType<typeof createBonusLedger>
