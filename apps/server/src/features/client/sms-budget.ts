import type { Kysely, Transaction } from 'kysely'
import { SMS_BUDGET_WARN_PERCENT, type AdminSmsBudget } from '@tableside/contracts/admin-settings'
import type { Database } from '../../db/schema'
import type { SmsBudgetAlert } from '../audit/audit-log'
import { createSmsBudgetRepository, SERVER_SCOPE, type BudgetDay } from './sms-budget-repository'

const DAY_MS = 24 * 60 * 60 * 1000

/** The server's budget on the UTC day `at` falls on (decision 0109). */
function serverDay(at: Date, budget: number): BudgetDay {
  const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())
  return {
    day: new Date(start).toISOString().slice(0, 10),
    budget,
    endsAt: new Date(start + DAY_MS),
  }
}

/** The count from which the managers are warned: 80 % of the budget, rounded up. */
const warnFrom = (budget: number) => Math.ceil((budget * SMS_BUDGET_WARN_PERCENT) / 100)

/** What a code that was counted and then not sent gives back. */
export interface SmsBudgetTicket {
  restaurantId: string
  restaurantDay: string
  serverDay: string
}

export type SmsBudgetTake =
  | { taken: true; ticket: SmsBudgetTicket }
  | { taken: false; retryAfterSeconds: number }
  | { taken: false; noRestaurant: true }

type Counted =
  | { outcome: 'taken'; own: BudgetDay; ownSent: number; serverSent: number }
  | { outcome: 'restaurantSpent' | 'serverSpent'; own: BudgetDay }

/** Thrown inside the counting transaction to roll back the restaurant's count. */
class ServerBudgetSpent extends Error {
  constructor(readonly own: BudgetDay) {
    super("The server's SMS budget for the day is spent")
  }
}

export interface SmsBudgetDeps {
  db: Kysely<Database>
  /** Codes the whole server sends a UTC day (`SMS_DAILY_BUDGET`). */
  serverBudget: number
  /**
   * Told once a day per budget when 80 % and when all of it is used, in the transaction that
   * marks the level told: a crash loses neither the mark nor the alert alone, and the
   * 'spent' alert of a day never comes before its 'nearly spent' one.
   */
  onAlert: (alert: SmsBudgetAlert, trx: Transaction<Database>) => Promise<void>
}

/**
 * The day's budgets of sign-in codes by SMS (issue 27, decision 0109): the restaurant's, on its
 * day in its time zone, and the whole server's, on the UTC day. A code is counted in both, in one
 * transaction, before it is sent; a count refused by either takes nothing from the other.
 */
export function createSmsBudget({ db, serverBudget, onAlert }: SmsBudgetDeps) {
  const repository = createSmsBudgetRepository(db)

  /**
   * The managers hear once of each level a day reaches; the compare-and-set says who tells. The
   * mark's row lock holds until the alert is written, so a request that sees the level taken
   * sees its alert written too, and writes the next level's after it.
   */
  async function tell(
    scope: 'restaurant' | 'server',
    restaurantId: string | null,
    { day, budget }: BudgetDay,
    at: Date,
  ): Promise<void> {
    const key = restaurantId ?? SERVER_SCOPE
    const levels = [
      { level: 'nearly_spent', column: 'nearlySpentAt', threshold: warnFrom(budget) },
      { level: 'spent', column: 'spentAt', threshold: budget },
    ] as const
    for (const { level, column, threshold } of levels) {
      await db.transaction().execute(async (trx) => {
        const sent = await repository.markTold(key, day, column, threshold, at, trx)
        if (sent !== undefined) {
          await onAlert({ scope, restaurantId, level, day, sent, budget, at }, trx)
        }
      })
    }
  }

  return {
    /** Counts one code to send now for the restaurant, or says how long until a day has room. */
    async take(restaurantId: string, at: Date): Promise<SmsBudgetTake> {
      const server = serverDay(at, serverBudget)
      let counted: Counted | undefined
      try {
        counted = await db.transaction().execute(async (trx): Promise<Counted | undefined> => {
          const own = await repository.restaurantDay(restaurantId, at, trx)
          if (!own) return undefined
          // Always the restaurant's row first, then the server's: two requests never wait on
          // each other's rows in opposite orders.
          const ownSent = await repository.take(trx, restaurantId, own.day, own.budget)
          if (ownSent === undefined) return { outcome: 'restaurantSpent', own }
          const serverSent = await repository.take(trx, SERVER_SCOPE, server.day, server.budget)
          // Thrown, so that the restaurant's count rolls back with it.
          if (serverSent === undefined) throw new ServerBudgetSpent(own)
          return { outcome: 'taken', own, ownSent, serverSent }
        })
      } catch (error) {
        if (!(error instanceof ServerBudgetSpent)) throw error
        counted = { outcome: 'serverSpent', own: error.own }
      }
      if (!counted) return { taken: false, noRestaurant: true }
      const { own } = counted
      const secondsLeft = (day: BudgetDay) =>
        Math.max(1, Math.ceil((day.endsAt.getTime() - at.getTime()) / 1000))
      switch (counted.outcome) {
        case 'restaurantSpent':
          await tell('restaurant', restaurantId, own, at)
          return { taken: false, retryAfterSeconds: secondsLeft(own) }
        case 'serverSpent':
          await tell('server', null, server, at)
          return { taken: false, retryAfterSeconds: secondsLeft(server) }
        case 'taken': {
          const { ownSent, serverSent } = counted
          if (ownSent >= warnFrom(own.budget)) await tell('restaurant', restaurantId, own, at)
          if (serverSent >= warnFrom(server.budget)) await tell('server', null, server, at)
          if (ownSent === 1) await repository.forgetOldDays(restaurantId, own.day)
          if (serverSent === 1) await repository.forgetOldDays(SERVER_SCOPE, server.day)
          return {
            taken: true,
            ticket: { restaurantId, restaurantDay: own.day, serverDay: server.day },
          }
        }
      }
    },

    /** A counted code that was not sent (the gateway failed) is no longer counted. */
    async giveBack(ticket: SmsBudgetTicket): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await repository.giveBack(trx, ticket.restaurantId, ticket.restaurantDay)
        await repository.giveBack(trx, SERVER_SCOPE, ticket.serverDay)
      })
    },

    /** Today's counts for the back office: the restaurant's day and the server's. */
    async usage(restaurantId: string, at: Date): Promise<AdminSmsBudget | undefined> {
      const own = await repository.restaurantDay(restaurantId, at)
      if (!own) return undefined
      const server = serverDay(at, serverBudget)
      return {
        restaurant: {
          day: own.day,
          sent: await repository.sent(restaurantId, own.day),
          budget: own.budget,
        },
        server: {
          day: server.day,
          sent: await repository.sent(SERVER_SCOPE, server.day),
          budget: server.budget,
        },
      }
    },
  }
}

export type SmsBudget = ReturnType<typeof createSmsBudget>
