import type { Kysely, Transaction } from 'kysely'
import type { AdminStation, KitchenThresholds } from '@tableside/contracts/kitchen'
import type { FieldError } from '@tableside/contracts/errors'
import type { Manager } from '@tableside/contracts/staff'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import type { AuditLog } from '../audit/audit-log'
import { kitchenChangedEntry } from '../orders/order-events'
import type { Outbox } from '../outbox/outbox'
import { createStationRepository } from './station-repository'

export interface StationServiceDeps {
  db: Kysely<Database>
  /** One entry per change, in the change's transaction (decision 0063). */
  audit: Pick<AuditLog, 'record'>
  outbox: Outbox
}

const UNKNOWN_STATION = 'This station does not exist.'

const invalid = (fields: FieldError[]) =>
  new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', fields)

/**
 * A manager's kitchen stations (decision 0070): which categories each cooks, and when tickets
 * turn amber and red. Every change is audited in its transaction, and open kitchen screens
 * refetch their tickets.
 */
export function createStationService({ db, audit, outbox }: StationServiceDeps) {
  const repository = createStationRepository(db)

  const change = async <T>(
    manager: Manager,
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> => {
    const result = await db.transaction().execute(async (trx) => {
      await repository.lockRestaurant(trx, manager.restaurantId)
      const value = await work(trx)
      await outbox.add([kitchenChangedEntry(manager.restaurantId, null)], trx)
      return value
    })
    void outbox.kick()
    return result
  }

  const checkName = async (
    trx: Transaction<Database>,
    manager: Manager,
    name: string,
    except: string | null,
  ) => {
    if (await repository.nameTaken(trx, manager.restaurantId, name, except)) {
      throw new HttpError(409, 'station_name_taken', `There is a station "${name}" already.`, [
        { path: 'body.name', message: 'Another station has this name.' },
      ])
    }
  }

  const checkCategories = async (
    trx: Transaction<Database>,
    manager: Manager,
    categoryIds: readonly string[] | undefined,
    field = 'categoryIds',
  ) => {
    if (!categoryIds) return
    const unknown = await repository.unknownCategories(trx, manager.restaurantId, categoryIds)
    if (unknown.length > 0) {
      throw invalid(
        unknown.map((id) => ({
          path: `body.${field}.${String(categoryIds.indexOf(id))}`,
          message: `No category ${id} on this restaurant's menus.`,
        })),
      )
    }
  }

  const existing = async (trx: Transaction<Database>, manager: Manager, id: string) => {
    const station = await repository.find(trx, manager.restaurantId, id)
    if (!station) throw notFound(UNKNOWN_STATION)
    return station
  }

  return {
    async list(manager: Manager) {
      const [stations, thresholds] = await Promise.all([
        repository.list(manager.restaurantId),
        repository.thresholds(manager.restaurantId),
      ])
      if (!thresholds) throw notFound('This restaurant does not exist.')
      return { stations, thresholds }
    },

    create(
      manager: Manager,
      body: { name: string; sortOrder?: number | undefined; categoryIds?: string[] | undefined },
    ): Promise<AdminStation> {
      return change(manager, async (trx) => {
        await checkName(trx, manager, body.name, null)
        await checkCategories(trx, manager, body.categoryIds)
        const id = await repository.insert(trx, manager.restaurantId, {
          name: body.name,
          sortOrder: body.sortOrder ?? 0,
        })
        const categoryIds = [...new Set(body.categoryIds ?? [])]
        await repository.setCategories(trx, manager.restaurantId, id, categoryIds)
        const after = await existing(trx, manager, id)
        await audit.record(trx, manager, {
          action: 'create',
          entity: 'station',
          entityId: id,
          before: null,
          after,
        })
        return after
      })
    },

    update(
      manager: Manager,
      id: string,
      body: {
        name?: string | undefined
        sortOrder?: number | undefined
        categoryIds?: string[] | undefined
        addCategoryIds?: string[] | undefined
      },
    ): Promise<AdminStation> {
      return change(manager, async (trx) => {
        const before = await existing(trx, manager, id)
        if (body.name !== undefined) await checkName(trx, manager, body.name, id)
        await checkCategories(trx, manager, body.categoryIds)
        await checkCategories(trx, manager, body.addCategoryIds, 'addCategoryIds')
        await repository.update(trx, id, {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.sortOrder === undefined ? {} : { sortOrder: body.sortOrder }),
        })
        if (body.categoryIds) {
          await repository.setCategories(trx, manager.restaurantId, id, [
            ...new Set(body.categoryIds),
          ])
        }
        if (body.addCategoryIds) {
          await repository.addCategories(trx, manager.restaurantId, id, [
            ...new Set(body.addCategoryIds),
          ])
        }
        const after = await existing(trx, manager, id)
        await audit.record(trx, manager, {
          action: 'update',
          entity: 'station',
          entityId: id,
          before,
          after,
        })
        return after
      })
    },

    remove(manager: Manager, id: string): Promise<{ deleted: boolean }> {
      return change(manager, async (trx) => {
        const before = await existing(trx, manager, id)
        await repository.delete(trx, id)
        await audit.record(trx, manager, {
          action: 'delete',
          entity: 'station',
          entityId: id,
          before,
          after: null,
        })
        return { deleted: true }
      })
    },

    setThresholds(manager: Manager, body: KitchenThresholds): Promise<KitchenThresholds> {
      if (body.lateMinutes <= body.warnMinutes) {
        throw invalid([
          { path: 'body.lateMinutes', message: 'Late comes after the warning: more minutes.' },
        ])
      }
      return change(manager, async (trx) => {
        const before = await repository.thresholds(manager.restaurantId, trx)
        await repository.setThresholds(trx, manager.restaurantId, body)
        await audit.record(trx, manager, {
          action: 'update',
          entity: 'kitchen_thresholds',
          entityId: manager.restaurantId,
          before: before ?? null,
          after: body,
        })
        return body
      })
    },
  }
}

export type StationService = ReturnType<typeof createStationService>
