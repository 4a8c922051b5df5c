import { randomInt } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { Allocation, Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import {
  activeProgram,
  addEntry,
  allocationsOf,
  cardById,
  cardOfClient,
  cardsWithExpiredPoints,
  checkoutSpendCard,
  earnsOfPayment,
  entriesOfCard,
  expiredCredits,
  changeCreditRemaining,
  insertCard,
  insertEntry,
  lockCard,
  lockCardUnlessTaken,
  makeAvailable,
  nextExpiry,
  openCredits,
  pendingEarnsOfOrder,
  recordAllocations,
  reversedOfEarn,
  restoredOfSpend,
  spendsToReturn,
  spentAndReturned,
  voidEntry,
  voidPendingEarns,
  type BonusEntry,
  type BonusProgram,
} from './bonus-ledger-repository'

/** One point is one unit of the restaurant's currency. */
export const MINOR_PER_POINT = 100

/** The points' worth in an allocation: what of it the card did not pay. */
export const pointsWorth = (allocation: Pick<Allocation, 'points'>) =>
  (allocation.points ?? 0) * MINOR_PER_POINT

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

/** A row read back in the transaction that wrote it is there. */
function orThrow<Row>(row: Row | undefined): Row {
  if (row === undefined) throw new Error('The bonus card written is not there to read back')
  return row
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
    activeProgram(executor, restaurantId)

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
    insertEntry(trx, {
      cardId: entry.cardId,
      kind: entry.kind,
      points: entry.points,
      status: 'available',
      remaining: entry.points,
      expiresAt: entry.expiresAt,
      note: entry.note ?? null,
      createdAt: now(),
    })

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
      note?: string
    },
  ): Promise<BonusEntry> => {
    const at = now()
    const open = await openCredits(trx, {
      cardId: entry.cardId,
      at,
      first: entry.first,
      expired: entry.expired,
    })
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
    const written = await insertEntry(trx, {
      cardId: entry.cardId,
      kind: entry.kind,
      points: -entry.points,
      status: 'available',
      orderId: entry.orderId ?? null,
      paymentId: entry.paymentId ?? null,
      reversesId: entry.reversesId ?? null,
      note: entry.note ?? null,
      createdAt: at,
    })
    for (const { creditId, points } of taken) await changeCreditRemaining(trx, creditId, -points)
    if (taken.length > 0) await recordAllocations(trx, written.id, taken)
    return written
  }

  /**
   * Gives back what of spend `spendId` is missing to `target` points returned in all (with
   * `more`, `target` more points), never past the spend: one `reverse` entry, restoring the
   * credits the spend took (those it took last, which expire last, first) and recording which.
   * The card is locked first, and what came back is read under the lock, so two returns at
   * once queue and the second gives only what the first left (the database's trigger refuses
   * any return past the spend all the same). Returns the points given back.
   */
  const returnOf = async (
    trx: Transaction<Database>,
    spendId: string,
    cardId: string,
    target: number,
    paymentId: string | undefined,
    more = false,
  ): Promise<number> => {
    await lockCard(trx, cardId)
    const [spend] = await spendsToReturn(trx, null, undefined, spendId)
    if (!spend) return 0
    const spent = -spend.points
    const points = Math.min(spent, more ? spend.returned + target : target) - spend.returned
    if (points <= 0) return 0
    const restored = await restoredOfSpend(trx, spendId)
    const taken = (await allocationsOf(trx, spendId)).reverse()
    const back: { creditId: string; points: number }[] = []
    let left = points
    for (const { creditId, points: took } of taken) {
      const open = took - (restored.get(creditId) ?? 0)
      const put = Math.min(left, open)
      if (put <= 0) continue
      back.push({ creditId, points: put })
      left -= put
    }
    const written = await insertEntry(trx, {
      cardId,
      kind: 'reverse',
      points,
      status: 'available',
      remaining: 0,
      orderId: spend.orderId,
      paymentId: paymentId ?? null,
      reversesId: spendId,
      note: points < spent ? `Returned ${String(points)} of ${String(spent)}` : null,
      createdAt: now(),
    })
    for (const { creditId, points: put } of back) await changeCreditRemaining(trx, creditId, put)
    if (back.length > 0) await recordAllocations(trx, written.id, back)
    return points
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
        const existing = await cardOfClient(trx, restaurantId, clientId)
        if (existing) return existing
        const card = await insertCard(trx, { restaurantId, clientId, number: newCardNumber() })
        // A number taken already (one in 10¹¹) or a card made meanwhile: read what is there.
        if (!card) return orThrow(await cardOfClient(trx, restaurantId, clientId))
        if (found.welcomePoints > 0) {
          await credit(trx, {
            cardId: card.id,
            kind: 'welcome',
            points: found.welcomePoints,
            expiresAt: new Date(now().getTime() + found.expiryDays * DAY_MS),
          })
        }
        return orThrow(await cardById(trx, card.id))
      })
    },

    /** The card with its balance, pending points and what expires next. */
    async card(cardId: string) {
      const [card, next] = await Promise.all([cardById(db, cardId), nextExpiry(db, cardId, now())])
      if (!card) return undefined
      return {
        ...card,
        nextExpiry: next?.expiresAt ? { points: next.remaining ?? 0, at: next.expiresAt } : null,
      }
    },

    /** The card's ledger, newest first. */
    entries(cardId: string, limit = 100) {
      return entriesOfCard(db, cardId, limit)
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
      const card = await lockCard(trx, earn.cardId)
      const found = await program(card.restaurantId, trx)
      if (!found) return undefined
      const points = pointsEarned(found, earn.paidMinor)
      if (points <= 0) return undefined
      return insertEntry(trx, {
        cardId: earn.cardId,
        kind: 'earn',
        points,
        status: 'pending',
        remaining: points,
        orderId: earn.orderId,
        paymentId: earn.paymentId ?? null,
        createdAt: now(),
      })
    },

    /** The order is completed and paid: what it earned becomes available, expiring in time. */
    async release(trx: Transaction<Database>, orderId: string): Promise<number> {
      const pending = await pendingEarnsOfOrder(trx, orderId)
      for (const entry of pending) {
        const expiresAt = new Date(now().getTime() + entry.expiryDays * DAY_MS)
        await makeAvailable(trx, entry.id, entry.points, expiresAt)
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
      const card = await lockCard(trx, spend.cardId)
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
     * came from (once; again changes nothing), what came back of them by part refunds already
     * left out. Returns the points given back. With `paymentId`, only what that payment spent on
     * it; with `orderId` null, all that payment spent (it failed, or was given up).
     */
    async giveBack(
      trx: Transaction<Database>,
      orderId: string | null,
      paymentId?: string,
    ): Promise<number> {
      if (orderId === null && paymentId === undefined) throw new Error('Give back whose points?')
      let given = 0
      for (const spend of await spendsToReturn(trx, orderId, paymentId)) {
        given += await returnOf(trx, spend.id, spend.cardId, Number.MAX_SAFE_INTEGER, paymentId)
      }
      return given
    },

    /**
     * Part of an order was refunded or comped (decision 0131): up to `points` of what it spent
     * at checkout (`checkout`) or with bill payments (`bill`) come back, oldest spend first,
     * never past a spend. Returns the points given back.
     */
    async giveBackPoints(
      trx: Transaction<Database>,
      orderId: string,
      points: number,
      spentWith: 'checkout' | 'bill',
    ): Promise<number> {
      let given = 0
      for (const spend of await spendsToReturn(trx, orderId, undefined)) {
        if (given >= points || (spend.paymentId === null) !== (spentWith === 'checkout')) continue
        given += await returnOf(trx, spend.id, spend.cardId, points - given, undefined, true)
      }
      return given
    },

    /** What of the order's spends (at checkout: `paymentId` null) came back so far. */
    spentAndReturned: (trx: Transaction<Database>, orderId: string, paymentId?: string | null) =>
      spentAndReturned(trx, orderId, paymentId),

    /**
     * The order was cancelled before it completed: what it earned, pending still, never becomes
     * available (once; again changes nothing). Returns the points voided.
     */
    async voidPending(trx: Transaction<Database>, orderId: string): Promise<number> {
      const voided = await voidPendingEarns(trx, orderId)
      return voided.reduce((sum, entry) => sum + entry.points, 0)
    },

    /**
     * A refund of `refundedMinor` in all (so far) of a payment (or of an order's cash) that paid
     * `paidMinor` takes back
     * that share of what the payment earned: a pending earn is voided (what is kept earns anew,
     * still pending); an available one is taken back, its own points first, as far as the
     * balance goes (points already spent elsewhere stay spent). Returns the points taken back.
     */
    async reverseEarned(
      trx: Transaction<Database>,
      refund: {
        /** The payment refunded; `null` for money paid in cash for `orderId`. */
        paymentId: string | null
        orderId?: string
        refundedMinor: number
        paidMinor: number
      },
    ): Promise<number> {
      if (refund.paymentId === null && refund.orderId === undefined) {
        throw new Error('Take back what whose cash earned?')
      }
      const earns = await earnsOfPayment(trx, refund.paymentId ?? { orderId: refund.orderId ?? '' })
      const share = Math.min(1, refund.refundedMinor / Math.max(1, refund.paidMinor))
      let reversed = 0
      for (const cardId of new Set(earns.map((earn) => earn.cardId))) {
        const mine = earns.filter((earn) => earn.cardId === cardId)
        // What the payment earned first; a refund's share is of that.
        const earned = mine[0]?.points ?? 0
        const live = mine.find((earn) => earn.status !== 'void')
        if (!live) continue
        const target = Math.ceil(earned * share)
        const card = await lockCard(trx, cardId)
        if (live.status === 'pending') {
          const keep = earned - target
          if (keep >= live.points) continue
          await voidEntry(trx, live.id)
          if (keep > 0) {
            await addEntry(trx, {
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
          }
          reversed += live.points - keep
          continue
        }
        const already = await reversedOfEarn(trx, live.id)
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
     * A refund the acquirer refused had taken back `points` of what a payment (or, `paymentId`
     * null, the order's cash) earned (decision 0140): they come back, card by card as the
     * refund took them. A pending earn is kept whole again as far as they go (a new pending
     * earn in place of the one kept after the refund); an available one gets them back as an
     * `adjust` of it, expiring with it, which `reverseEarned` counts off what was taken back.
     * Returns the points given back.
     */
    async restoreEarned(
      trx: Transaction<Database>,
      refund: { paymentId: string | null; orderId: string; points: number },
    ): Promise<number> {
      const earns = await earnsOfPayment(trx, refund.paymentId ?? { orderId: refund.orderId })
      let left = refund.points
      for (const cardId of new Set(earns.map((earn) => earn.cardId))) {
        if (left <= 0) break
        const mine = earns.filter((earn) => earn.cardId === cardId)
        const first = mine[0]
        if (!first) continue
        const live = mine.find((earn) => earn.status !== 'void')
        await lockCard(trx, cardId)
        const reversed =
          live?.status === 'available' ? Number((await reversedOfEarn(trx, live.id)).points) : 0
        const put = Math.min(left, first.points - (live?.points ?? 0) - reversed)
        if (put <= 0) continue
        left -= put
        if (live?.status === 'available') {
          await insertEntry(trx, {
            cardId,
            kind: 'adjust',
            points: put,
            status: 'available',
            remaining: put,
            expiresAt: live.expiresAt,
            orderId: live.orderId,
            paymentId: live.paymentId,
            reversesId: live.id,
            note: `Refund refused: ${String(put)} back`,
            createdAt: now(),
          })
          continue
        }
        if (live) await voidEntry(trx, live.id)
        const keep = (live?.points ?? 0) + put
        await addEntry(trx, {
          cardId,
          kind: 'earn',
          points: keep,
          status: 'pending',
          remaining: keep,
          orderId: first.orderId,
          paymentId: first.paymentId,
          note: `Kept after a refused refund: ${String(keep)} of ${String(first.points)}`,
          createdAt: now(),
        })
      }
      return refund.points - left
    },

    /**
     * A refund the acquirer refused had given back `points` the order spent at checkout
     * (decision 0140): they are spent on the order again, as far as the card's balance goes
     * (points the diner spent elsewhere meanwhile stay spent). Returns the points spent again.
     */
    async spendAgain(trx: Transaction<Database>, orderId: string, points: number): Promise<number> {
      const cardId = await checkoutSpendCard(trx, orderId)
      if (!cardId || points <= 0) return 0
      await lockCard(trx, cardId)
      const open = await openCredits(trx, { cardId, at: now() })
      const again = Math.min(
        points,
        open.reduce((sum, credit) => sum + (credit.remaining ?? 0), 0),
      )
      if (again <= 0) return 0
      await debit(trx, {
        cardId,
        kind: 'spend',
        points: again,
        orderId,
        note: `Refund refused: spent again`,
      })
      return again
    },

    /**
     * Points past their time expire, a card at a time, oldest first; at most `limit` cards a
     * sweep. Two sweepers skip each other's cards.
     */
    async expire(limit = 50): Promise<number> {
      const at = now()
      return db.transaction().execute(async (trx) => {
        const due = await cardsWithExpiredPoints(trx, at, limit)
        let expired = 0
        for (const { cardId } of due) {
          if (!(await lockCardUnlessTaken(trx, cardId))) continue
          const credits = await expiredCredits(trx, cardId, at)
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
