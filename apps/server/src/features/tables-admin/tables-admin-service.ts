import type { Kysely, Transaction } from 'kysely'
import type { AuditKind } from '@tableside/contracts/audit'
import type {
  AdminFloor,
  AdminTable,
  AdminZone,
  TableInput,
  ZoneInput,
} from '@tableside/contracts/admin-tables'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { rotateTableQrToken } from '../table-sessions/table-repository'
import { tableQrLink } from '../table-sessions/table-qr-token'
import type { TableRow, TablesAdminRepository, ZoneRow } from './tables-admin-repository'

/** One entry of the audit log, written in the transaction of the change it tells of. */
export type AuditEntry = AuditKind & {
  entityId: string
  before: unknown
  after: unknown
}

export interface AuditRecorder {
  record(trx: Transaction<Database>, manager: Manager, entry: AuditEntry): Promise<unknown>
}

export interface TablesAdminDeps {
  db: Kysely<Database>
  repository: TablesAdminRepository
  audit: AuditRecorder
  newQrToken: () => string
  now?: () => Date
}

const codes = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
const names = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' })

const zoneView = (zone: ZoneRow): AdminZone => zone

/** Zones by position; those sharing one (the last place, 10,000) by name. */
const byPosition = (a: ZoneRow, b: ZoneRow) =>
  a.position - b.position || names.compare(a.name.ru, b.name.ru)

/** What is wrong with a new order of the zones `current`, or undefined when it lists each once. */
function zoneOrderProblem(ids: readonly string[], current: readonly string[]): string | undefined {
  if (new Set(ids).size !== ids.length) return 'A zone is listed twice'
  const known = new Set(current)
  const strangers = ids.filter((id) => !known.has(id))
  if (strangers.length > 0) return `There is no such zone: ${strangers.join(', ')}`
  const missing = current.filter((id) => !ids.includes(id))
  if (missing.length > 0) return `List every zone; missing: ${missing.join(', ')}`
  return undefined
}

/** A table as the audit log keeps it: never the token its QR code carries (decision 0066). */
const auditedTable = ({ id, code, label, zoneId, seats, enabled }: TableRow) => ({
  id,
  code,
  label,
  zoneId,
  seats,
  enabled,
})

const auditedZone = ({ id, name, position }: ZoneRow) => ({ id, name, position })

const codeTaken = (code: string) =>
  new HttpError(409, 'table_code_taken', `Another table already has the code ${code}.`, [
    { path: 'body.code', message: `Another table already has the code ${code}` },
  ])

const zoneNameTaken = (name: string) =>
  new HttpError(409, 'zone_name_taken', `There is a zone named ${name} already.`, [
    { path: 'body.name.ru', message: `There is a zone named ${name} already` },
  ])

const unknownZone = () =>
  new HttpError(400, 'validation_failed', 'There is no such zone.', [
    { path: 'body.zoneId', message: 'There is no such zone' },
  ])

/** A unique index said no: another request took the code or name between the check and the write. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'

/**
 * The back office's zones and tables (issue 17, decision 0066): every change is checked, made
 * and written to the audit log in one transaction; a manager reaches their own restaurant only,
 * so another restaurant's id is simply not found.
 */
export function createTablesAdminService({
  db,
  repository,
  audit,
  newQrToken,
  now = () => new Date(),
}: TablesAdminDeps) {
  const tableView = (table: TableRow, origin: string, restaurantId: string): AdminTable => ({
    id: table.id,
    code: table.code,
    label: table.label,
    zoneId: table.zoneId,
    seats: table.seats,
    enabled: table.enabled,
    occupied: table.occupied,
    qrLink: tableQrLink(origin, restaurantId, table.qrToken),
  })

  const transaction = <T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
    db.transaction().execute(work)

  async function checkZone(trx: Transaction<Database>, restaurantId: string, zoneId: string) {
    if (!(await repository.lockZone(trx, restaurantId, zoneId))) throw unknownZone()
  }

  async function sortedFloor(restaurantId: string) {
    const [zones, tables] = await Promise.all([
      repository.zones(restaurantId),
      repository.tables(restaurantId, now()),
    ])
    zones.sort(byPosition)
    const rank = new Map(zones.map((zone, index) => [zone.id, index]))
    const zoneRank = (table: TableRow) =>
      table.zoneId === null ? zones.length : (rank.get(table.zoneId) ?? zones.length)
    tables.sort((a, b) => zoneRank(a) - zoneRank(b) || codes.compare(a.code, b.code))
    return { zones, tables }
  }

  return {
    async floor(manager: Manager, origin: string): Promise<AdminFloor> {
      const { restaurantId } = manager
      const [restaurantName, { zones, tables }] = await Promise.all([
        repository.restaurantName(restaurantId),
        sortedFloor(restaurantId),
      ])
      return {
        restaurantName: restaurantName ?? restaurantId,
        zones: zones.map(zoneView),
        tables: tables.map((table) => tableView(table, origin, restaurantId)),
      }
    },

    /** The tables to print, active ones by zone and code; `ids` picks some (unknown ones: 404). */
    async printable(manager: Manager, origin: string, ids?: readonly string[]) {
      const { restaurantId } = manager
      const [restaurantName, { zones, tables }] = await Promise.all([
        repository.restaurantName(restaurantId),
        sortedFloor(restaurantId),
      ])
      let chosen = tables.filter((table) => table.enabled)
      if (ids) {
        const wanted = new Set(ids)
        chosen = tables.filter((table) => wanted.has(table.id))
        if (chosen.length !== wanted.size) throw notFound('Some of these tables are not found.')
      }
      const zoneNames = new Map(zones.map((zone) => [zone.id, zone.name]))
      return {
        restaurantName: restaurantName ?? restaurantId,
        tables: chosen.map((table) => ({
          code: table.code,
          label: table.label,
          zone: table.zoneId === null ? null : (zoneNames.get(table.zoneId) ?? null),
          link: tableQrLink(origin, restaurantId, table.qrToken),
        })),
      }
    },

    async createZone(manager: Manager, input: ZoneInput): Promise<AdminZone> {
      const { restaurantId } = manager
      const { name } = input
      return guardUnique(
        () =>
          transaction(async (trx) => {
            if (await repository.zoneNameTaken(trx, restaurantId, name.ru))
              throw zoneNameTaken(name.ru)
            const position =
              input.position ?? (await repository.nextZonePosition(trx, restaurantId))
            const id = await repository.insertZone(trx, restaurantId, { name, position })
            const zone = await repository.zone(restaurantId, id, trx)
            if (!zone) throw new Error('The zone just added is not there.')
            await audit.record(trx, manager, {
              action: 'create',
              entity: 'zone',
              entityId: id,
              before: null,
              after: auditedZone(zone),
            })
            return zoneView(zone)
          }),
        () => zoneNameTaken(name.ru),
      )
    },

    async updateZone(
      manager: Manager,
      zoneId: string,
      changes: Partial<ZoneInput>,
    ): Promise<AdminZone> {
      const { restaurantId } = manager
      const { name } = changes
      return guardUnique(
        () =>
          transaction(async (trx) => {
            if (!(await repository.lockZone(trx, restaurantId, zoneId)))
              throw notFound('There is no such zone.')
            const before = await repository.zone(restaurantId, zoneId, trx)
            if (!before) throw notFound('There is no such zone.')
            if (name && (await repository.zoneNameTaken(trx, restaurantId, name.ru, zoneId)))
              throw zoneNameTaken(name.ru)
            await repository.updateZone(trx, zoneId, { name, position: changes.position })
            const after = await repository.zone(restaurantId, zoneId, trx)
            if (!after) throw notFound('There is no such zone.')
            await audit.record(trx, manager, {
              action: 'update',
              entity: 'zone',
              entityId: zoneId,
              before: auditedZone(before),
              after: auditedZone(after),
            })
            return zoneView(after)
          }),
        () => zoneNameTaken(name?.ru ?? ''),
      )
    },

    /**
     * Puts the zones in this order: every zone of the restaurant, each once, or 400 on
     * `body.zoneIds` and nothing moves. The zones are locked first, so a zone added meanwhile is
     * either in the list the manager saw or makes it incomplete.
     */
    async orderZones(
      manager: Manager,
      zoneIds: readonly string[],
    ): Promise<{ zones: AdminZone[] }> {
      const { restaurantId } = manager
      return transaction(async (trx) => {
        const current = await repository.lockZones(trx, restaurantId)
        const problem = zoneOrderProblem(zoneIds, current)
        if (problem) {
          throw new HttpError(400, 'validation_failed', problem, [
            { path: 'body.zoneIds', message: problem },
          ])
        }
        const before = (await repository.zones(restaurantId, trx))
          .sort(byPosition)
          .map((zone) => zone.id)
        await repository.setZonePositions(trx, zoneIds)
        const zones = (await repository.zones(restaurantId, trx)).sort(byPosition)
        await audit.record(trx, manager, {
          action: 'reorder',
          entity: 'zone',
          entityId: restaurantId,
          before,
          after: zones.map((zone) => zone.id),
        })
        return { zones: zones.map(zoneView) }
      })
    },

    /** A zone with tables in it stays: move or its tables first (409 `zone_not_empty`). */
    async deleteZone(manager: Manager, zoneId: string): Promise<{ deleted: true }> {
      const { restaurantId } = manager
      return transaction(async (trx) => {
        if (!(await repository.lockZone(trx, restaurantId, zoneId)))
          throw notFound('There is no such zone.')
        const zone = await repository.zone(restaurantId, zoneId, trx)
        if (!zone) throw notFound('There is no such zone.')
        if (zone.tableCount > 0) {
          throw new HttpError(
            409,
            'zone_not_empty',
            'Tables stand in this zone: move them to another zone first.',
          )
        }
        await repository.deleteZone(trx, zoneId)
        await audit.record(trx, manager, {
          action: 'delete',
          entity: 'zone',
          entityId: zoneId,
          before: auditedZone(zone),
          after: null,
        })
        return { deleted: true as const }
      })
    },

    async createTable(manager: Manager, origin: string, input: TableInput): Promise<AdminTable> {
      const { restaurantId } = manager
      return guardUnique(
        () =>
          transaction(async (trx) => {
            if (input.zoneId) await checkZone(trx, restaurantId, input.zoneId)
            if (await repository.codeTaken(trx, restaurantId, input.code))
              throw codeTaken(input.code)
            const id = await repository.insertTable(trx, restaurantId, {
              code: input.code,
              label: input.label,
              zoneId: input.zoneId,
              seats: input.seats,
              enabled: input.enabled ?? true,
              qrToken: newQrToken(),
            })
            const table = await repository.table(restaurantId, id, now(), trx)
            if (!table) throw new Error('The table just added is not there.')
            await audit.record(trx, manager, {
              action: 'create',
              entity: 'table',
              entityId: id,
              before: null,
              after: auditedTable(table),
            })
            return tableView(table, origin, restaurantId)
          }),
        () => codeTaken(input.code),
      )
    },

    /**
     * Changes a table. Taking a table out of service while diners sit there is refused (409
     * `table_occupied`): their waiter settles and closes the bill first (decision 0066).
     */
    async changeTable(
      manager: Manager,
      origin: string,
      tableId: string,
      changes: Partial<TableInput>,
    ): Promise<AdminTable> {
      const { restaurantId } = manager
      return guardUnique(
        () =>
          transaction(async (trx) => {
            const at = now()
            const before = await repository.lockTable(trx, restaurantId, tableId, at)
            if (!before) throw notFound('There is no such table.')
            if (changes.zoneId) await checkZone(trx, restaurantId, changes.zoneId)
            if (
              changes.code !== undefined &&
              (await repository.codeTaken(trx, restaurantId, changes.code, tableId))
            )
              throw codeTaken(changes.code)
            if (changes.enabled === false && before.enabled && before.occupied) {
              throw new HttpError(
                409,
                'table_occupied',
                `Diners sit at table ${before.code} now: close its bill before taking it out of service.`,
                [{ path: 'body.enabled', message: 'Diners sit at this table now' }],
              )
            }
            await repository.changeTable(trx, tableId, {
              ...(changes.code === undefined ? {} : { code: changes.code }),
              ...(changes.label === undefined ? {} : { label: changes.label }),
              ...(changes.zoneId === undefined ? {} : { zoneId: changes.zoneId }),
              ...(changes.seats === undefined ? {} : { seats: changes.seats }),
              ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
            })
            const after = await repository.table(restaurantId, tableId, at, trx)
            if (!after) throw notFound('There is no such table.')
            await audit.record(trx, manager, {
              action: 'update',
              entity: 'table',
              entityId: tableId,
              before: auditedTable(before),
              after: auditedTable(after),
            })
            return tableView(after, origin, restaurantId)
          }),
        () => codeTaken(changes.code ?? ''),
      )
    },

    /**
     * A new token for the table's QR code (decision 0026): the old print then says it was
     * replaced, and diners already at the table keep their session. The audit log says that it
     * rotated, never either token.
     */
    async rotateToken(manager: Manager, origin: string, tableId: string): Promise<AdminTable> {
      const { restaurantId } = manager
      return transaction(async (trx) => {
        const at = now()
        const rotated = await rotateTableQrToken(
          trx,
          restaurantId,
          { id: tableId },
          newQrToken(),
          at,
        )
        if (!rotated) throw notFound('There is no such table.')
        const table = await repository.table(restaurantId, tableId, at, trx)
        if (!table) throw notFound('There is no such table.')
        await audit.record(trx, manager, {
          action: 'rotate',
          entity: 'table',
          entityId: tableId,
          before: auditedTable(table),
          after: { ...auditedTable(table), qrToken: 'rotated' },
        })
        return tableView(table, origin, restaurantId)
      })
    },
  }
}

async function guardUnique<T>(work: () => Promise<T>, conflict: () => HttpError): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict()
    throw error
  }
}

export type TablesAdminService = ReturnType<typeof createTablesAdminService>
