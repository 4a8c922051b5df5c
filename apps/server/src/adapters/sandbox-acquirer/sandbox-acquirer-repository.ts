import { sql, type Insertable, type Kysely, type Transaction } from 'kysely'
import type { SandboxPaymentState } from '@tableside/contracts/sandbox-acquirer'
import type { Database, SandboxAcquirerPaymentsTable } from '../../db/schema'

const SANDBOX_COLUMNS = [
  'ref',
  'merchant',
  'description',
  'amount',
  'currency',
  'method',
  'state',
  'language',
  'locale',
  'successUrl',
  'failUrl',
  'expiresAt',
] as const

/** The states a payment waits in for the diner. */
const AWAITING: SandboxPaymentState[] = ['awaiting_payment', 'awaiting_3ds']

/** The sandbox acquirer's own books (tables `sandbox_acquirer_*`): payments and webhooks to send. */
export function createSandboxAcquirerRepository(db: Kysely<Database>) {
  return {
    async add(payment: Insertable<SandboxAcquirerPaymentsTable>): Promise<void> {
      await db.insertInto('sandboxAcquirerPayments').values(payment).execute()
    },

    find(ref: string) {
      return db
        .selectFrom('sandboxAcquirerPayments')
        .select(SANDBOX_COLUMNS)
        .where('ref', '=', ref)
        .executeTakeFirst()
    },

    /** Cancels the payment while it waits for the diner; whether it did. */
    async cancelAwaiting(ref: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('sandboxAcquirerPayments')
        .set({ state: 'cancelled', completedAt: at })
        .where('ref', '=', ref)
        .where('state', 'in', AWAITING)
        .executeTakeFirst()
      return result.numUpdatedRows > 0n
    },

    /** The refund made under an idempotency key, if any. */
    refundByKey(trx: Transaction<Database>, key: string) {
      return trx
        .selectFrom('sandboxAcquirerRefunds')
        .select(['id', 'ref', 'amount'])
        .where('idempotencyKey', '=', key)
        .executeTakeFirst()
    },

    /**
     * Refunds `amount` of a payment as far as it has money left (a compare-and-set on what was
     * refunded); the whole of a success makes it `refunded`. A payment the sandbox itself never
     * took (a test's forged success) is refunded on the books alone, as before. False: more
     * than is left.
     */
    async refund(
      trx: Transaction<Database>,
      refund: { id: string; ref: string; key: string; amount: number; at: Date },
    ): Promise<boolean> {
      const moved = await trx
        .updateTable('sandboxAcquirerPayments')
        .set({
          refundedAmount: sql<number>`refunded_amount + ${refund.amount}`,
          state: sql<SandboxPaymentState>`case when state = 'succeeded'
            and refunded_amount + ${refund.amount} >= amount then 'refunded' else state end`,
          completedAt: refund.at,
        })
        .where('ref', '=', refund.ref)
        .where(sql<boolean>`refunded_amount + ${refund.amount} <= amount`)
        .executeTakeFirst()
      if (moved.numUpdatedRows === 0n) return false
      await trx
        .insertInto('sandboxAcquirerRefunds')
        .values({
          id: refund.id,
          ref: refund.ref,
          idempotencyKey: refund.key,
          amount: refund.amount,
        })
        .execute()
      return true
    },

    /** Up to 100 payments waiting for the diner past their time. */
    dueToExpire(at: Date) {
      return db
        .selectFrom('sandboxAcquirerPayments')
        .select(['ref', 'state'])
        .where('state', 'in', AWAITING)
        .where('expiresAt', '<=', at)
        .limit(100)
        .execute()
    },

    /**
     * Moves a payment from `from` to `to` (a compare-and-set), with the card's last digits when
     * given; the payment as moved, or undefined when it was no longer in `from`.
     */
    moveState(
      trx: Transaction<Database>,
      change: {
        ref: string
        from: SandboxPaymentState
        to: SandboxPaymentState
        last4: string | undefined
        completedAt: Date | null
      },
    ) {
      return trx
        .updateTable('sandboxAcquirerPayments')
        .set((eb) => ({
          state: change.to,
          cardLast4: eb.fn.coalesce(eb.val(change.last4 ?? null), 'cardLast4'),
          completedAt: change.completedAt,
        }))
        .where('ref', '=', change.ref)
        .where('state', '=', change.from)
        .returning(['ref', 'amount', 'currency'])
        .executeTakeFirst()
    },

    /** Queues a webhook for the shop, in the transaction of the move it tells of. */
    async queueWebhook(
      trx: Transaction<Database>,
      webhook: { eventId: string; ref: string; body: string; nextAttemptAt: Date },
    ): Promise<void> {
      await trx.insertInto('sandboxAcquirerOutbox').values(webhook).execute()
    },

    /**
     * Claims up to `limit` webhooks due at `at` that have attempts left, the longest due first,
     * for this node until `leaseUntil`: rows another node is claiming are skipped (SKIP LOCKED)
     * and claimed ones are not due meanwhile, so several nodes never send one webhook at once
     * (issue 26); a node that dies mid-send leaves them due again when the lease ends.
     */
    async claimDueWebhooks(at: Date, leaseUntil: Date, maxAttempts: number, limit: number) {
      const rows = await db
        .updateTable('sandboxAcquirerOutbox')
        .set({ nextAttemptAt: leaseUntil })
        .where('eventId', 'in', (eb) =>
          eb
            .selectFrom('sandboxAcquirerOutbox')
            .select('eventId')
            .where('deliveredAt', 'is', null)
            .where('nextAttemptAt', '<=', at)
            .where('attempts', '<', maxAttempts)
            .orderBy('nextAttemptAt')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['eventId', 'body', 'attempts'])
        .execute()
      return rows
    },

    async delivered(eventId: string, at: Date): Promise<void> {
      await db
        .updateTable('sandboxAcquirerOutbox')
        .set((eb) => ({ deliveredAt: at, attempts: eb('attempts', '+', 1) }))
        .where('eventId', '=', eventId)
        .execute()
    },

    async retryLater(eventId: string, nextAttemptAt: Date, lastError: string): Promise<void> {
      await db
        .updateTable('sandboxAcquirerOutbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt, lastError }))
        .where('eventId', '=', eventId)
        .execute()
    },
  }
}

export type SandboxAcquirerRepository = ReturnType<typeof createSandboxAcquirerRepository>
