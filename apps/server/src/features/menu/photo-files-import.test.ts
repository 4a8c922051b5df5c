import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { testDatabaseKinds } from '../../test/test-database'
import { importPhotoFiles } from './photo-files-import'
import { createPhotoRepository } from './photo-repository'

describe.each(testDatabaseKinds)('Photo files of an older release, on $name', (kind) => {
  let database: DatabaseHandle
  let root: string
  const shown = 'a1b2c3d4e5f60718293a4b5c'
  const ghost = 'ffeeddccbbaa998877665544'

  beforeAll(async () => {
    database = await kind.open()
    await seedDemo(database.db)
    root = await mkdtemp(join(tmpdir(), 'tableside-old-photos-'))
    for (const [restaurant, hash] of [
      ['demo', shown],
      ['ghost', ghost],
    ] as const) {
      await mkdir(join(root, 'photos', restaurant, hash), { recursive: true })
      for (const file of ['320.avif', '640.webp', 'notes.txt']) {
        await writeFile(join(root, 'photos', restaurant, hash, file), `${hash} ${file}`)
      }
    }
    await writeFile(join(root, 'secret.webp'), 'not a photo of the menu')
  })
  afterAll(async () => {
    await database.close()
    await rm(root, { recursive: true, force: true })
  })

  it('stores the used ones once, skips a restaurant that is gone, and reads no other path', async () => {
    const repository = createPhotoRepository(database.db)
    const warnings: object[] = []
    const run = () =>
      importPhotoFiles({
        dir: join(root, 'photos'),
        used: () =>
          Promise.resolve([
            `/media/photos/demo/${shown}/640.webp`,
            `/media/photos/ghost/${ghost}/640.webp`,
            '/media/photos/../../secret.webp/',
            '/media/demo/borscht.svg',
          ]),
        repository,
        log: { warn: (details) => warnings.push(details) },
      })

    expect(await run()).toBe(2)
    const rows = await database.db
      .selectFrom('media')
      .select(['restaurantId', 'name', 'contentType', 'size'])
      .orderBy('name')
      .execute()
    expect(rows).toEqual([
      { restaurantId: 'demo', name: `${shown}/320.avif`, contentType: 'image/avif', size: 33 },
      { restaurantId: 'demo', name: `${shown}/640.webp`, contentType: 'image/webp', size: 33 },
    ])
    // The ghost restaurant's files cannot be stored (no such restaurant): said, and left.
    expect(warnings).toEqual([expect.objectContaining({ restaurantId: 'ghost' })])
    // Again, as on every later start: nothing left to store.
    expect(await run()).toBe(0)
    expect(await database.db.selectFrom('media').select('name').execute()).toHaveLength(2)
  })

  it('does nothing, and reads nothing, without a photos folder', async () => {
    const result = await importPhotoFiles({
      dir: join(root, 'nowhere'),
      used: () => Promise.reject(new Error('not asked')),
      repository: createPhotoRepository(database.db),
      log: { warn: () => undefined },
    })
    expect(result).toBe(0)
  })
})
