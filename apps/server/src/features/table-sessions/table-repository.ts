import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'

export interface TableQr {
  code: string
  label: string
  enabled: boolean
  qrToken: string
}

/** A restaurant's tables and the tokens their QR codes carry (the command line, the start banner). */
export function createTableRepository(db: Kysely<Database>) {
  return {
    /** Every table of the restaurant, T2 before T10. */
    async list(restaurantId: string): Promise<TableQr[]> {
      const tables = await db
        .selectFrom('restaurantTables')
        .select(['code', 'label', 'enabled', 'qrToken'])
        .where('restaurantId', '=', restaurantId)
        .execute()
      return tables.sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }))
    },

    /**
     * Gives the table (by its code, in any case) a new token and keeps the one it replaces as
     * retired, in one transaction; undefined when the restaurant has no such table.
     */
    rotateQrToken(
      restaurantId: string,
      code: string,
      qrToken: string,
      at: Date,
    ): Promise<(TableQr & { retired: string }) | undefined> {
      return db.transaction().execute(async (trx) => {
        const table = await trx
          .selectFrom('restaurantTables')
          .select(['id', 'code', 'label', 'enabled', 'qrToken'])
          .where('restaurantId', '=', restaurantId)
          .where(sql<boolean>`lower(code) = lower(${code})`)
          .forUpdate()
          .executeTakeFirst()
        if (!table) return undefined
        await trx
          .insertInto('retiredTableQrTokens')
          .values({ qrToken: table.qrToken, restaurantId, tableId: table.id, retiredAt: at })
          .execute()
        await trx
          .updateTable('restaurantTables')
          .set({ qrToken })
          .where('id', '=', table.id)
          .execute()
        return {
          code: table.code,
          label: table.label,
          enabled: table.enabled,
          qrToken,
          retired: table.qrToken,
        }
      })
    },
  }
}

export type TableRepository = ReturnType<typeof createTableRepository>
