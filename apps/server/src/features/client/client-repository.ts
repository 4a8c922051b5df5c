import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely'
import type { ClientAddress, ClientOrderSummary, ClientProfile } from '@tableside/contracts/client'
import type { DeliveryAddress } from '@tableside/contracts/orders'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { Database } from '../../db/schema'

type Db = Kysely<Database> | Transaction<Database>

const profileColumns = (db: Db) =>
  db
    .selectFrom('clients')
    .select([
      'id',
      'phone',
      'name',
      sql<string | null>`birthday::text`.as('birthday'),
      'language',
      'receiptContact',
      'createdAt',
    ])

const toProfile = (row: {
  id: string
  phone: string
  name: string | null
  birthday: string | null
  language: UiLanguage | null
  receiptContact: string | null
  createdAt: Date
}): ClientProfile => ({ ...row, createdAt: row.createdAt.toISOString() })

/**
 * A diner's order in their history, before how it was paid is named: with what that takes (what
 * is paid of it, the points it spent).
 */
export type ClientOrderRow = Omit<ClientOrderSummary, 'paidWith'> & {
  paidAmount: number
  bonusPoints: number
}

export interface LiveCode {
  codeHash: string
  restaurantId: string
  triesLeft: number
}

/** All the SQL of diners' profiles, their sign-in codes and sessions. */
export function createClientRepository(db: Kysely<Database>) {
  return {
    // --- sign-in codes -------------------------------------------------------------------

    /** When each code to this phone since `since` was sent, oldest first. */
    async sendsSince(phone: string, since: Date): Promise<Date[]> {
      const rows = await db
        .selectFrom('clientSignInSends')
        .select('sentAt')
        .where('phone', '=', phone)
        .where('sentAt', '>', since)
        .orderBy('sentAt')
        .execute()
      return rows.map((row) => row.sentAt)
    },

    /**
     * Puts a new code in place of the phone's last one, unless that was sent after
     * `cooldownBefore` (compare-and-set: of two requests at once, one wins). Returns whether
     * it did; when not, when the last one was sent.
     */
    async replaceCode(
      code: LiveCode & { phone: string; sentAt: Date; expiresAt: Date },
      cooldownBefore: Date,
    ): Promise<{ placed: true } | { placed: false; lastSentAt: Date }> {
      const placed = await db
        .insertInto('clientSignInCodes')
        .values(code)
        .onConflict((oc) =>
          oc
            .column('phone')
            .doUpdateSet({
              codeHash: code.codeHash,
              restaurantId: code.restaurantId,
              sentAt: code.sentAt,
              expiresAt: code.expiresAt,
              triesLeft: code.triesLeft,
            })
            .where('clientSignInCodes.sentAt', '<=', cooldownBefore),
        )
        .returning('phone')
        .executeTakeFirst()
      if (placed) {
        await db
          .insertInto('clientSignInSends')
          .values({ phone: code.phone, sentAt: code.sentAt })
          .execute()
        return { placed: true }
      }
      const last = await db
        .selectFrom('clientSignInCodes')
        .select('sentAt')
        .where('phone', '=', code.phone)
        .executeTakeFirstOrThrow()
      return { placed: false, lastSentAt: last.sentAt }
    },

    /** The SMS could not be sent: the code and its count go, so the diner may ask again now. */
    async withdrawCode(phone: string, sentAt: Date): Promise<void> {
      await db
        .deleteFrom('clientSignInCodes')
        .where('phone', '=', phone)
        .where('sentAt', '=', sentAt)
        .execute()
      await db
        .deleteFrom('clientSignInSends')
        .where('phone', '=', phone)
        .where('sentAt', '=', sentAt)
        .execute()
    },

    /**
     * Takes one try at the phone's live code before it is compared, so guesses sent together
     * cannot all pass; undefined when there is no live code (expired, used, never sent) or it
     * has no tries left.
     */
    async claimTry(phone: string, at: Date): Promise<LiveCode | undefined> {
      return db
        .updateTable('clientSignInCodes')
        .set({ triesLeft: sql<number>`tries_left - 1` })
        .where('phone', '=', phone)
        .where('expiresAt', '>', at)
        .where('triesLeft', '>', 0)
        .returning(['codeHash', 'restaurantId', 'triesLeft'])
        .executeTakeFirst()
    },

    /** What is there for the phone, for saying why a code cannot be tried. */
    findCode(
      phone: string,
    ): Promise<{ expiresAt: Date; triesLeft: number; sentAt: Date } | undefined> {
      return db
        .selectFrom('clientSignInCodes')
        .select(['expiresAt', 'triesLeft', 'sentAt'])
        .where('phone', '=', phone)
        .executeTakeFirst()
    },

    /** Uses the code up; true for the one request that did (single use under races). */
    async useCode(phone: string, codeHash: string): Promise<boolean> {
      const used = await db
        .deleteFrom('clientSignInCodes')
        .where('phone', '=', phone)
        .where('codeHash', '=', codeHash)
        .returning('phone')
        .executeTakeFirst()
      return used !== undefined
    },

    /** Sends older than a day count towards no cap; expired codes past their cooldown neither. */
    async forgetOldCodes(before: Date): Promise<void> {
      await db.deleteFrom('clientSignInSends').where('sentAt', '<', before).execute()
      await db.deleteFrom('clientSignInCodes').where('expiresAt', '<', before).execute()
    },

    // --- profiles and sessions -----------------------------------------------------------

    /** The profile of this phone, made on its first sign-in. */
    async upsertClient(phone: string): Promise<ClientProfile> {
      await db
        .insertInto('clients')
        .values({ phone })
        .onConflict((oc) => oc.column('phone').doNothing())
        .execute()
      return toProfile(
        await profileColumns(db).where('phone', '=', phone).executeTakeFirstOrThrow(),
      )
    },

    async findClient(clientId: string): Promise<ClientProfile | undefined> {
      const row = await profileColumns(db).where('id', '=', clientId).executeTakeFirst()
      return row && toProfile(row)
    },

    async updateClient(
      clientId: string,
      changes: {
        name?: string | null
        birthday?: string | null
        language?: UiLanguage | null
        receiptContact?: string | null
      },
    ): Promise<ClientProfile | undefined> {
      if (Object.keys(changes).length > 0) {
        await db.updateTable('clients').set(changes).where('id', '=', clientId).execute()
      }
      const row = await profileColumns(db).where('id', '=', clientId).executeTakeFirst()
      return row && toProfile(row)
    },

    /**
     * Keeps where the diner's receipts go (stored form, decision 0142), in the transaction of
     * the payment that asked to keep it.
     */
    async keepReceiptContact(clientId: string, contact: string, executor: Db = db): Promise<void> {
      await executor
        .updateTable('clients')
        .set({ receiptContact: contact })
        .where('id', '=', clientId)
        .execute()
    },

    async startSession(session: {
      tokenHash: string
      clientId: string
      createdAt: Date
      expiresAt: Date
    }): Promise<void> {
      await db
        .insertInto('clientSessions')
        .values({ ...session, lastUsedAt: session.createdAt })
        .execute()
    },

    /**
     * The client whose session has this token hash, unless it expired or was started before
     * `startedAfter` (its absolute end), with when it was started, last used and ends.
     */
    findBySession(
      tokenHash: string,
      at: Date,
      startedAfter: Date,
    ): Promise<
      { clientId: string; createdAt: Date; lastUsedAt: Date; expiresAt: Date } | undefined
    > {
      return db
        .selectFrom('clientSessions')
        .select(['clientId', 'createdAt', 'lastUsedAt', 'expiresAt'])
        .where('tokenHash', '=', tokenHash)
        .where('expiresAt', '>', at)
        .where('createdAt', '>', startedAfter)
        .executeTakeFirst()
    },

    /** The session was used at `at`: its expiry slides on from there. */
    async touchSession(tokenHash: string, at: Date, expiresAt: Date): Promise<void> {
      await db
        .updateTable('clientSessions')
        .set({ lastUsedAt: at, expiresAt })
        .where('tokenHash', '=', tokenHash)
        .execute()
    },

    async deleteSession(tokenHash: string): Promise<number> {
      const result = await db
        .deleteFrom('clientSessions')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async deleteClientSessions(clientId: string): Promise<number> {
      const result = await db
        .deleteFrom('clientSessions')
        .where('clientId', '=', clientId)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    async deleteExpiredSessions(at: Date): Promise<void> {
      await db.deleteFrom('clientSessions').where('expiresAt', '<=', at).execute()
    },

    // --- orders --------------------------------------------------------------------------

    /**
     * Makes the client's those of `orderIds` that are the restaurant's, belong to no profile
     * yet, and were placed with no phone or with this phone. Returns how many.
     */
    async attachOrders(
      clientId: string,
      phone: string,
      restaurantId: string,
      orderIds: readonly string[],
    ): Promise<number> {
      if (orderIds.length === 0) return 0
      const result = await db
        .updateTable('orders')
        .set({ clientId })
        .where('id', 'in', orderIds)
        .where('restaurantId', '=', restaurantId)
        .where('clientId', 'is', null)
        .where((eb) => eb.or([eb('contact', 'is', null), eb(sql`contact->>'phone'`, '=', phone)]))
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /**
     * A page of the diner's orders here, newest first: `limit` of them, older than the order
     * `before` (which must be theirs here: undefined when it is not).
     */
    async listOrders(
      clientId: string,
      restaurantId: string,
      limit: number,
      before?: string,
    ): Promise<ClientOrderRow[] | undefined> {
      const cursor = before
        ? await db
            .selectFrom('orders')
            .select(['placedAt', 'number'])
            .where('id', '=', before)
            .where('clientId', '=', clientId)
            .where('restaurantId', '=', restaurantId)
            .executeTakeFirst()
        : undefined
      if (before && !cursor) return undefined
      // The points come from the diner's own card here only: a friend paying a share of the
      // same order earns on their card, and that is not this diner's.
      const points = (
        outer: ExpressionBuilder<Database, 'orders'>,
        which: 'earned' | 'pending' | 'spent',
      ) =>
        outer
          .selectFrom('bonusEntries as e')
          .innerJoin('bonusCards as c', 'c.id', 'e.cardId')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('e.points'), eb.lit(0)).as('p'))
          .whereRef('e.orderId', '=', 'orders.id')
          .where('c.clientId', '=', clientId)
          .where('c.restaurantId', '=', restaurantId)
          .where((eb) =>
            which === 'pending'
              ? eb.and([eb('e.kind', '=', 'earn'), eb('e.status', '=', 'pending')])
              : which === 'earned'
                ? // An earn kept (not voided by a refund), less what refunds took back of it.
                  eb.or([
                    eb.and([eb('e.kind', '=', 'earn'), eb('e.status', '!=', 'void')]),
                    eb.and([eb('e.kind', '=', 'reverse'), eb('e.points', '<', 0)]),
                  ])
                : // A spend (negative), less what a cancellation or refund gave back.
                  eb.or([
                    eb('e.kind', '=', 'spend'),
                    eb.and([eb('e.kind', '=', 'reverse'), eb('e.points', '>', 0)]),
                  ]),
          )
      const rows = await db
        .selectFrom('orders')
        .select([
          'id',
          'number',
          'placedAt',
          'type',
          'status',
          'total',
          'currency',
          'paymentStatus',
          'paidAmount',
          'bonusPoints',
        ])
        .select((eb) => [
          points(eb, 'earned').as('earned'),
          points(eb, 'pending').as('pending'),
          points(eb, 'spent').as('spent'),
        ])
        .where('clientId', '=', clientId)
        .where('restaurantId', '=', restaurantId)
        .$if(cursor !== undefined, (query) =>
          query.where((eb) =>
            eb(
              eb.refTuple('placedAt', 'number'),
              '<',
              eb.tuple(cursor?.placedAt ?? new Date(0), cursor?.number ?? 0),
            ),
          ),
        )
        .orderBy('placedAt', 'desc')
        .orderBy('number', 'desc')
        .limit(limit)
        .execute()
      return rows.map(({ earned, pending, spent, ...row }) => ({
        ...row,
        placedAt: row.placedAt.toISOString(),
        points: { earned: Number(earned), pending: Number(pending), spent: -Number(spent) },
      }))
    },

    // --- addresses -----------------------------------------------------------------------

    async listAddresses(clientId: string): Promise<ClientAddress[]> {
      const rows = await db
        .selectFrom('clientAddresses')
        .select(['id', 'address', 'createdAt'])
        .where('clientId', '=', clientId)
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .execute()
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
    },

    /**
     * Saves the address unless the client already has `max`; the client's row is locked
     * first, so two saves at once cannot both pass the count. Undefined: full.
     */
    addAddress(
      clientId: string,
      address: DeliveryAddress,
      max: number,
    ): Promise<ClientAddress | undefined> {
      return db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('clients')
          .select('id')
          .where('id', '=', clientId)
          .forUpdate()
          .execute()
        const { count } = await trx
          .selectFrom('clientAddresses')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('clientId', '=', clientId)
          .executeTakeFirstOrThrow()
        if (Number(count) >= max) return undefined
        const row = await trx
          .insertInto('clientAddresses')
          .values({ clientId, address: JSON.stringify(address) })
          .returning(['id', 'address', 'createdAt'])
          .executeTakeFirstOrThrow()
        return { ...row, createdAt: row.createdAt.toISOString() }
      })
    },

    async deleteAddress(clientId: string, addressId: string): Promise<number> {
      const result = await db
        .deleteFrom('clientAddresses')
        .where('id', '=', addressId)
        .where('clientId', '=', clientId)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },

    // --- deleting a profile --------------------------------------------------------------

    /**
     * Erases the profile in one transaction: its orders lose the name, phone and address they
     * were placed with, then the row goes (sessions, addresses and all that hangs on the
     * profile go with it; the orders stay, without it). Refused (`in_progress`) while one of
     * its orders is still being made or delivered: the kitchen and the courier need them.
     */
    deleteClient(
      clientId: string,
    ): Promise<{ deleted: true; anonymisedOrders: number } | { inProgress: number }> {
      return db.transaction().execute(async (trx) => {
        const client = await trx
          .selectFrom('clients')
          .select('phone')
          .where('id', '=', clientId)
          .forUpdate()
          .executeTakeFirst()
        if (!client) return { deleted: true, anonymisedOrders: 0 }
        const open = await trx
          .selectFrom('orders')
          .select('number')
          .where('clientId', '=', clientId)
          .where('status', 'not in', ['completed', 'cancelled'])
          .orderBy('placedAt')
          .executeTakeFirst()
        if (open) return { inProgress: open.number }
        const anonymised = await trx
          .updateTable('orders')
          .set({ contact: null, address: null, clientId: null })
          .where('clientId', '=', clientId)
          .executeTakeFirst()
        // The log of codes sent stays (a day at most): it is what caps the next ones.
        await trx.deleteFrom('clientSignInCodes').where('phone', '=', client.phone).execute()
        await trx.deleteFrom('clients').where('id', '=', clientId).execute()
        return { deleted: true, anonymisedOrders: Number(anonymised.numUpdatedRows) }
      })
    },
  }
}

export type ClientRepository = ReturnType<typeof createClientRepository>
