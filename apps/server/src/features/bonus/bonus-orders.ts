import type { Kysely, Selectable, Transaction } from 'kysely'
import type { Database, OrdersTable } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { spendCap, type BonusLedger } from './bonus-ledger'
import { cardIdOfClient, reversalOfPaymentSpend } from './bonus-ledger-repository'

type Executor = Kysely<Database> | Transaction<Database>

/** What of an order decides its points. */
export type BonusOrder = Pick<
  Selectable<OrdersTable>,
  'id' | 'restaurantId' | 'status' | 'paymentStatus' | 'total' | 'deliveryFee' | 'tip'
>

/**
 * The share of money paid on an order that earns points: what pays for its food and service,
 * not its delivery fee or tip (in proportion, so that part payments earn their part).
 */
export function earningShare(order: BonusOrder, paidMinor: number): number {
  if (order.total <= 0) return 0
  const earning = Math.max(0, order.total - order.deliveryFee - order.tip)
  return Math.floor((Math.min(paidMinor, order.total) * earning) / order.total)
}

/**
 * Where orders and payments meet the bonus ledger (decision 0060), always in the transaction
 * that places the order, records the money or moves the order on: points are spent with the
 * order or not at all, earned with the money, released once the order is completed and paid,
 * and given back or voided with a cancel.
 */
export function createOrderBonus({ db, ledger }: { db: Kysely<Database>; ledger: BonusLedger }) {
  const cardOf = (restaurantId: string, clientId: string, executor: Executor = db) =>
    cardIdOfClient(executor, restaurantId, clientId)

  const releaseIfDone = async (trx: Transaction<Database>, order: BonusOrder) => {
    if (order.status === 'completed' && order.paymentStatus === 'paid') {
      await ledger.release(trx, order.id)
    }
  }

  return {
    /**
     * Before anything is written: the signed-in diner's card, or why points cannot be spent
     * here (not signed in: 401). The
     * balance and the cap are judged again, under the card's lock, by `spend`.
     */
    async cardFor(restaurantId: string, clientId: string | null | undefined): Promise<string> {
      if (!clientId) {
        throw new HttpError(
          401,
          'unauthorized',
          'Sign in with your phone number to pay with points. Войдите, чтобы оплатить баллами.',
        )
      }
      const [card, program] = await Promise.all([
        cardOf(restaurantId, clientId),
        ledger.program(restaurantId),
      ])
      if (!program) {
        throw new HttpError(409, 'bonus_program_off', 'This restaurant has no bonus programme.')
      }
      if (!card) {
        throw new HttpError(
          409,
          'bonus_no_card',
          'You have no bonus card here yet. Register one in your profile, then pay with points.',
        )
      }
      return card.id
    },

    /**
     * The points an order spends, in the transaction that places it: within the programme's
     * share of the order before points and delivery, and the card's balance.
     */
    spend(
      trx: Transaction<Database>,
      spend: { cardId: string; orderId: string; points: number; earningMinor: number },
    ) {
      return ledger.spend(trx, {
        cardId: spend.cardId,
        orderId: spend.orderId,
        points: spend.points,
        orderTotalMinor: spend.earningMinor,
      })
    },

    /**
     * Money landed on an order (`paidMinor` of it, by `payerId`'s payment `paymentId`, or in
     * cash): the payer's card earns on its share, pending; released at once if the order is
     * completed and paid already. A payer without a card here earns nothing.
     */
    async paid(
      trx: Transaction<Database>,
      order: BonusOrder,
      money: { payerId: string | null; paidMinor: number; paymentId?: string | null },
    ): Promise<void> {
      if (money.payerId && money.paidMinor > 0) {
        const card = await cardOf(order.restaurantId, money.payerId, trx)
        if (card) {
          await ledger.earnPending(trx, {
            cardId: card.id,
            paidMinor: earningShare(order, money.paidMinor),
            orderId: order.id,
            paymentId: money.paymentId ?? null,
          })
        }
      }
      await releaseIfDone(trx, order)
    },

    /**
     * The most points a payment of `minor` may take at the restaurant: the programme's share,
     * in whole points (the card's balance is judged when they are spent).
     */
    async capOf(trx: Transaction<Database>, restaurantId: string, minor: number): Promise<number> {
      const program = await ledger.program(restaurantId, trx)
      return program ? spendCap(program, minor) : 0
    },

    /**
     * The points a bill payment spends, in the transaction that starts it: one entry per order
     * it pays, so that cancelling one order gives back its part (decision 0060).
     */
    async spendOnBill(
      trx: Transaction<Database>,
      bill: {
        cardId: string
        paymentId: string
        planMinor: number
        allocations: readonly { orderId: string; points?: number }[]
      },
    ): Promise<void> {
      for (const allocation of bill.allocations) {
        if (!allocation.points) continue
        await ledger.spend(trx, {
          cardId: bill.cardId,
          orderId: allocation.orderId,
          points: allocation.points,
          orderTotalMinor: bill.planMinor,
          paymentId: bill.paymentId,
        })
      }
    },

    /** The payment failed or was given up: the points it spent come back. */
    paymentEnded: (trx: Transaction<Database>, paymentId: string) =>
      ledger.giveBack(trx, null, paymentId),

    /** What a payment spent on an order it turned out not to pay (see `allocate`) comes back. */
    notPaid: (trx: Transaction<Database>, orderId: string, paymentId: string) =>
      ledger.giveBack(trx, orderId, paymentId),

    /**
     * Whether the points a payment spent still stand: not when it failed or was given up
     * before its money came after all (its points were given back then).
     */
    async pointsStand(trx: Transaction<Database>, paymentId: string): Promise<boolean> {
      return (await reversalOfPaymentSpend(trx, paymentId)) === undefined
    },

    /**
     * Money of a payment was refunded (decision 0119): `refundedMinor` of the `paidMinor` it
     * paid in all so far; that share of what it earned is taken back (the ledger's rule).
     */
    refunded: (
      trx: Transaction<Database>,
      refund: {
        paymentId: string | null
        orderId?: string
        refundedMinor: number
        paidMinor: number
      },
    ) => ledger.reverseEarned(trx, refund),

    /**
     * An online refund the acquirer refused had taken back `points` of what its payment (or,
     * `paymentId` null, the order's cash) earned: they come back (decision 0140), and become
     * available if the order is completed and paid by now. Returns the points given back.
     */
    async refundRefused(
      trx: Transaction<Database>,
      order: BonusOrder,
      refund: { paymentId: string | null; points: number },
    ): Promise<number> {
      if (refund.points <= 0) return 0
      const back = await ledger.restoreEarned(trx, { ...refund, orderId: order.id })
      await releaseIfDone(trx, order)
      return back
    },

    /**
     * A refused refund's action is undone (decision 0140): up to `points` it gave back of what
     * the order spent at checkout are spent on it again, as far as the card has them.
     */
    spentAgain: (trx: Transaction<Database>, orderId: string, points: number) =>
      ledger.spendAgain(trx, orderId, points),

    /** All the money paid for an order went back: the points it spent come back too. */
    givenBack: (trx: Transaction<Database>, orderId: string) => ledger.giveBack(trx, orderId),

    /**
     * Part of the order was refunded or comped (decision 0131): up to `points` of those it
     * spent at checkout come back. Returns the points given back.
     */
    checkoutPointsBack: (trx: Transaction<Database>, orderId: string, points: number) =>
      ledger.giveBackPoints(trx, orderId, points, 'checkout'),

    /** The points the order's bill payments spent on it that have not come back yet. */
    async billPointsLeft(trx: Transaction<Database>, orderId: string): Promise<number> {
      const [all, checkout] = await Promise.all([
        ledger.spentAndReturned(trx, orderId),
        ledger.spentAndReturned(trx, orderId, null),
      ])
      return all.spent - all.returned - (checkout.spent - checkout.returned)
    },

    /** Money a bill payment had paid in points went back: up to `points` of them come back. */
    billPointsBack: (trx: Transaction<Database>, orderId: string, points: number) =>
      ledger.giveBackPoints(trx, orderId, points, 'bill'),

    /** The order moved on: completed and paid, what it earned becomes available. */
    moved: releaseIfDone,

    /**
     * The order was cancelled: the points it spent come back (what part refunds gave back of them
     * already apart; returns the points given now), and what it earned (pending
     * still: a completed order is never cancelled) is voided. Money refunded through the
     * provider follows by the outbox; the points do not wait for it.
     */
    async cancelled(trx: Transaction<Database>, orderId: string): Promise<number> {
      const given = await ledger.giveBack(trx, orderId)
      await ledger.voidPending(trx, orderId)
      return given
    },
  }
}

export type OrderBonus = ReturnType<typeof createOrderBonus>

/** The bonus card as a service composed it, or `bonus_program_off` where none was given. */
export function requireOrderBonus(bonus: OrderBonus | undefined): OrderBonus {
  if (!bonus) {
    throw new HttpError(409, 'bonus_program_off', 'This restaurant has no bonus programme.')
  }
  return bonus
}
