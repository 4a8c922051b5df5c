import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import type { RefundMark } from './payment-provider'

type Executor = Kysely<Database> | Transaction<Database>

/** The refunds on their way to an acquirer that could make one twice (`refund_sends`, 0052). */
export function createRefundSends(db: Kysely<Database>) {
  return {
    find: (paymentId: string) =>
      db
        .selectFrom('refundSends')
        .selectAll()
        .where('paymentId', '=', paymentId)
        .executeTakeFirst(),

    /** This refund becomes the payment's one on its way; false when another is (or won). */
    async claim(
      send: { paymentId: string; refundKey: string; amount: number; mark: RefundMark },
      at: Date,
    ): Promise<boolean> {
      const row = await db
        .insertInto('refundSends')
        .values({ ...send, mark: JSON.stringify(send.mark), sentAt: at })
        .onConflict((conflict) => conflict.column('paymentId').doNothing())
        .returning('paymentId')
        .executeTakeFirst()
      return row !== undefined
    },

    /** Sent again at `at` (it was found not made): the next lost answer waits from here. */
    async sentAgain(paymentId: string, refundKey: string, at: Date): Promise<void> {
      await db
        .updateTable('refundSends')
        .set({ sentAt: at })
        .where('paymentId', '=', paymentId)
        .where('refundKey', '=', refundKey)
        .execute()
    },

    /** The refund's outcome is recorded (done or refused): the payment's next refund may go. */
    async release(paymentId: string, refundKey: string, trx: Executor): Promise<void> {
      await trx
        .deleteFrom('refundSends')
        .where('paymentId', '=', paymentId)
        .where('refundKey', '=', refundKey)
        .execute()
    },
  }
}

export type RefundSends = ReturnType<typeof createRefundSends>
