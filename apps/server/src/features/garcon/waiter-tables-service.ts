import type { Kysely, Transaction } from 'kysely'
import {
  garconTablesChanged,
  type Waiter,
  type WaiterProfile,
  type WaiterTable,
} from '@tableside/contracts/garcon'
import { garconChannel } from '@tableside/contracts/table-events'
import type { Database } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { byZoneThenCode, tableCodeOrder } from '../../lib/table-order'
import { publishEntry, type Outbox } from '../outbox/outbox'
import {
  createWaiterTablesRepository,
  type Assignment,
  type TableInService,
} from './waiter-tables-repository'

export interface WaiterTablesServiceDeps {
  db: Kysely<Database>
  /** Where a waiter who lost tables hears of it, in the transaction that took them. */
  outbox: Outbox
  now?: () => Date
}

const and = new Intl.ListFormat('en', { type: 'conjunction' })
const or = new Intl.ListFormat('en', { type: 'disjunction' })

function tableList(
  tables: TableInService[],
  assignments: readonly Assignment[],
  waiterId: string,
): WaiterTable[] {
  return [...tables].sort(byZoneThenCode).map((table) => {
    const servedBy = assignments
      .filter((assignment) => assignment.tableId === table.id)
      .map((assignment) => ({ id: assignment.waiterId, name: assignment.waiterName }))
    return {
      code: table.code,
      label: table.label,
      zone: table.zone,
      servedBy,
      mine: servedBy.some((waiter) => waiter.id === waiterId),
    }
  })
}

function unknownTables(missing: { code: string; index: number }[]): HttpError {
  return new HttpError(
    400,
    'validation_failed',
    `No table ${or.format(missing.map((table) => table.code))} to serve here.`,
    missing.map(({ code, index }) => ({
      path: `body.tableCodes.${String(index)}`,
      message: `No table ${code} here.`,
    })),
  )
}

interface Taken {
  index: number
  table: TableInService
  waiter: { id: string; name: string }
}

function tableTaken(taken: Taken[]): HttpError {
  const waiters = [...new Set(taken.map(({ waiter }) => waiter.name))]
  const labels = and.format(taken.map(({ table }) => table.label))
  const byWhom = waiters.length === 1 ? (waiters[0] ?? '') : 'other waiters'
  const message =
    taken.length === 1
      ? `Table ${labels} is served by ${byWhom}.`
      : `Tables ${labels} are served by ${byWhom}.`
  return new HttpError(
    409,
    'table_taken',
    message,
    taken.map(({ index, table, waiter }) => ({
      path: `body.tableCodes.${String(index)}`,
      message: `Table ${table.label} is served by ${waiter.name}.`,
    })),
    {
      taken: taken.map(({ table, waiter }) => ({
        table: { code: table.code, label: table.label },
        waiter,
      })),
    },
  )
}

/**
 * Which tables a waiter serves and whether they are on shift (decision 0042): one waiter per
 * table as the waiter app sees it, a table another waiter serves taken only when asked, and
 * the routing of waiter calls that follows from both.
 */
export function createWaiterTablesService({
  db,
  outbox,
  now = () => new Date(),
}: WaiterTablesServiceDeps) {
  const repository = createWaiterTablesRepository(db)

  const list = async (waiter: Waiter): Promise<WaiterTable[]> => {
    const [tables, assignments] = await Promise.all([
      repository.tablesInService(waiter.restaurantId),
      repository.assignments(waiter.restaurantId),
    ])
    return tableList(tables, assignments, waiter.id)
  }

  const profile = async (waiter: Waiter): Promise<WaiterProfile> => {
    const [onShift, tables] = await Promise.all([repository.onShift(waiter.id), list(waiter)])
    return {
      id: waiter.id,
      restaurantId: waiter.restaurantId,
      name: waiter.name,
      onShift,
      tableCodes: tables.filter((table) => table.mine).map((table) => table.code),
    }
  }

  /** `assign`'s work in `trx`; whether it told any waiter (an outbox entry to send). */
  const assignIn = async (
    trx: Transaction<Database>,
    waiter: Pick<Waiter, 'id' | 'restaurantId' | 'name'>,
    tableCodes: readonly string[],
    { takeOver, byManager }: { takeOver: boolean; byManager: boolean },
  ): Promise<boolean> => {
    if (new Set(tableCodes.map((code) => code.toLowerCase())).size !== tableCodes.length) {
      throw new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', [
        { path: 'body.tableCodes', message: 'Name each table once' },
      ])
    }
    await repository.lockWaiter(waiter.id, trx)
    const tables = await repository.lockTables(waiter.restaurantId, tableCodes, trx)
    const byCode = new Map(tables.map((table) => [table.code.toLowerCase(), table]))
    const named = tableCodes.map((code, index) => ({
      code,
      index,
      table: byCode.get(code.toLowerCase()),
    }))
    const missing = named.filter((entry) => !entry.table)
    if (missing.length > 0) throw unknownTables(missing)
    const found = named.flatMap(({ index, table }) => (table ? [{ index, table }] : []))

    const tableIds = tables.map((table) => table.id)
    const others = (await repository.othersAt(tableIds, waiter.id, trx)).filter(
      (other) => other.active,
    )
    if (others.length > 0 && !takeOver) {
      throw tableTaken(
        found.flatMap(({ index, table }) =>
          others
            .filter((other) => other.tableId === table.id)
            .map((other) => ({
              index,
              table,
              waiter: { id: other.waiterId, name: other.waiterName },
            })),
        ),
      )
    }
    await repository.assignExactly(waiter.id, tableIds, trx)

    const lost = new Map<string, string[]>()
    for (const other of others) {
      const code = tables.find((table) => table.id === other.tableId)?.code
      if (code) lost.set(other.waiterId, [...(lost.get(other.waiterId) ?? []), code])
    }
    const takenBy = byManager ? null : { id: waiter.id, name: waiter.name }
    const entries = [...lost].map(([waiterId, lostCodes]) =>
      publishEntry(garconChannel(waiterId), garconTablesChanged, {
        tableCodes: lostCodes.sort(tableCodeOrder.compare),
        takenBy,
      }),
    )
    // Given tables by the back office: the waiter's own screens fetch their tables again.
    if (byManager) {
      entries.push(
        publishEntry(garconChannel(waiter.id), garconTablesChanged, {
          tableCodes: [],
          takenBy: null,
        }),
      )
    }
    await outbox.add(entries, trx)
    return entries.length > 0
  }

  return {
    list,
    profile,

    /**
     * Makes the waiter's tables exactly `tableCodes`, in one transaction: an unknown code, or
     * (without `takeOver`) a table another active waiter serves, changes nothing. Taken over,
     * the table is only this waiter's, and each waiter who lost one hears which.
     */
    async assign(
      waiter: Waiter,
      tableCodes: readonly string[],
      takeOver: boolean,
    ): Promise<WaiterTable[]> {
      const told = await db
        .transaction()
        .execute((trx) => assignIn(trx, waiter, tableCodes, { takeOver, byManager: false }))
      if (told) void outbox.kick()
      return list(waiter)
    },

    /**
     * A manager gives the waiter exactly `tableCodes` in the manager's transaction (issue 30):
     * tables other waiters served move to this one, and every waiter whose tables changed hears
     * it (`takenBy` null: the back office moved them). The caller kicks the outbox after commit.
     */
    assignByManager: (
      trx: Transaction<Database>,
      waiter: Pick<Waiter, 'id' | 'restaurantId' | 'name'>,
      tableCodes: readonly string[],
    ) => assignIn(trx, waiter, tableCodes, { takeOver: true, byManager: true }),

    async setShift(waiter: Waiter, onShift: boolean): Promise<WaiterProfile> {
      await repository.setShift(waiter.id, onShift, now())
      return profile(waiter)
    },

    /**
     * Who hears a call from this table: its waiters on shift; when none is, every waiter on
     * shift; when nobody is on shift, every waiter, so a call is never heard by no one. A call
     * nobody acknowledges in time will go to every waiter on shift (`onShift`), later.
     */
    async whoHearsCalls(table: { restaurantId: string; tableId: string }): Promise<string[]> {
      const serving = await repository.servingOnShift(table.tableId)
      if (serving.length > 0) return serving
      const onShift = await repository.waiters(table.restaurantId, 'on shift')
      if (onShift.length > 0) return onShift
      return repository.waiters(table.restaurantId, 'all')
    },

    /** Whether the waiter is on shift now. */
    isOnShift: (waiterId: string): Promise<boolean> => repository.onShift(waiterId),

    /** Every waiter of the restaurant on shift: where an unanswered call escalates. */
    onShift: (restaurantId: string): Promise<string[]> =>
      repository.waiters(restaurantId, 'on shift'),
  }
}

export type WaiterTablesService = ReturnType<typeof createWaiterTablesService>
