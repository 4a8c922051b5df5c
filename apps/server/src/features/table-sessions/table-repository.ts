import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'

export interface TableQr {
  code: string
  label: string
  enabled: boolean
  qrToken: string
}

/** Which table: by its code (in any case), or by its id as the back office names it. */
export type TableSelector = { code: string } | { id: string }

/**
 * Gives the restaurant's table a new QR token and keeps the one it replaces as retired, inside
 * the caller's transaction (the back office writes its audit entry in the same one); undefined
 * when the restaurant has no such table. An open session at the table goes on (decision 0026).
 */
export async function rotateTableQrToken(
  trx: Transaction<Database>,
  restaurantId: string,
  table: TableSelector,
  qrToken: string,
  at: Date,
): Promise<(TableQr & { id: string; retired: string }) | undefined> {
  const query = trx
    .selectFrom('restaurantTables')
    .select(['id', 'code', 'label', 'enabled', 'qrToken'])
    .where('restaurantId', '=', restaurantId)
  const row = await (
    'code' in table
      ? query.where(sql<boolean>`lower(code) = lower(${table.code})`)
      : query.where('id', '=', table.id)
  )
    .forUpdate()
    .executeTakeFirst()
  if (!row) return undefined
  await trx
    .insertInto('retiredTableQrTokens')
    .values({ qrToken: row.qrToken, restaurantId, tableId: row.id, retiredAt: at })
    .execute()
  await trx.updateTable('restaurantTables').set({ qrToken }).where('id', '=', row.id).execute()
  return { ...row, qrToken, retired: row.qrToken }
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

    /** Rotates the token of the table with this code, in a transaction of its own. */
    async rotateQrToken(
      restaurantId: string,
      code: string,
      qrToken: string,
      at: Date,
    ): Promise<(TableQr & { retired: string }) | undefined> {
      const rotated = await db
        .transaction()
        .execute((trx) => rotateTableQrToken(trx, restaurantId, { code }, qrToken, at))
      return (
        rotated && {
          code: rotated.code,
          label: rotated.label,
          enabled: rotated.enabled,
          qrToken: rotated.qrToken,
          retired: rotated.retired,
        }
      )
    },
  }
}

export type TableRepository = ReturnType<typeof createTableRepository>
