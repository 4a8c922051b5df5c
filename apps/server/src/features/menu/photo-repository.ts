import { sql, type Kysely } from 'kysely'
import type { Database, MediaTable } from '../../db/schema'

/** One stored size of an uploaded photo: `name` is `{hash}/{width}.{avif|webp}`. */
export interface PhotoFile {
  restaurantId: string
  name: string
  content: Buffer
  contentType: MediaTable['contentType']
}

/** A photo's sizes share the hash before the `/`; the sweep keeps or deletes them together. */
export interface StoredPhoto {
  restaurantId: string
  hash: string
}

/**
 * Uploaded photos' files in the `media` table (decision 0106). A file is written once under a
 * name taken from the uploaded bytes and never changed; only `uploaded_at` moves, when the same
 * photo is uploaded again.
 */
export function createPhotoRepository(db: Kysely<Database>) {
  return {
    /** A stored file, or undefined. */
    async read(
      restaurantId: string,
      name: string,
    ): Promise<Pick<PhotoFile, 'content' | 'contentType'> | undefined> {
      const row = await db
        .selectFrom('media')
        .select(['content', 'contentType'])
        .where('restaurantId', '=', restaurantId)
        .where('name', '=', name)
        .executeTakeFirst()
      return row && { content: asBuffer(row.content), contentType: row.contentType }
    },

    /**
     * Counts the named files as uploaded at `at`; the names of those stored. A sweep that deleted
     * one first leaves it out, and the upload stores the photo again.
     */
    async touch(restaurantId: string, names: readonly string[], at: Date): Promise<string[]> {
      const rows = await db
        .updateTable('media')
        .set({ uploadedAt: at })
        .where('restaurantId', '=', restaurantId)
        .where('name', 'in', names)
        .returning('name')
        .execute()
      return rows.map((row) => row.name)
    },

    /**
     * Stores a photo's files in one statement, so a reader on any node sees all or none of them;
     * a file already stored (another node's upload of the same photo) keeps its bytes and counts
     * as uploaded at `at`.
     */
    async store(files: readonly PhotoFile[], at: Date): Promise<void> {
      if (files.length === 0) return
      await db
        .insertInto('media')
        .values(files.map((file) => ({ ...file, size: file.content.length, uploadedAt: at })))
        .onConflict((oc) => oc.columns(['restaurantId', 'name']).doUpdateSet({ uploadedAt: at }))
        .execute()
    },

    /**
     * Stores the files none is stored under the name of yet, and leaves stored ones alone: safe
     * when several nodes import the same files at once. How many it stored.
     */
    async storeMissing(files: readonly PhotoFile[]): Promise<number> {
      if (files.length === 0) return 0
      const result = await db
        .insertInto('media')
        .values(files.map((file) => ({ ...file, size: file.content.length })))
        .onConflict((oc) => oc.columns(['restaurantId', 'name']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0)
    },

    /** Which of `names` a restaurant has stored. */
    async storedNames(restaurantId: string, names: readonly string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set()
      const rows = await db
        .selectFrom('media')
        .select('name')
        .where('restaurantId', '=', restaurantId)
        .where('name', 'in', names)
        .execute()
      return new Set(rows.map((row) => row.name))
    },

    /** Every photo (of any restaurant) whose files were all last uploaded before `before`. */
    async uploadedBefore(before: Date): Promise<StoredPhoto[]> {
      const hash = sql<string>`split_part(name, '/', 1)`
      return db
        .selectFrom('media')
        .select(['restaurantId', hash.as('hash')])
        .groupBy(['restaurantId', hash])
        .having((eb) => eb.fn.max('uploadedAt'), '<', before)
        .execute()
    },

    /**
     * Deletes a photo's files not uploaded again since `before` (the statement checks, so an
     * upload that touched them first keeps them: it touches all of a photo's files at once);
     * how many it deleted.
     */
    async remove({ restaurantId, hash }: StoredPhoto, before: Date): Promise<number> {
      const result = await db
        .deleteFrom('media')
        .where('restaurantId', '=', restaurantId)
        .where('name', 'like', `${hash}/%`)
        .where('uploadedAt', '<', before)
        .executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}

export type PhotoRepository = ReturnType<typeof createPhotoRepository>

/** node-postgres gives a Buffer, PGlite a Uint8Array: both as a Buffer, without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
}
