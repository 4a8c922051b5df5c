import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { PHOTO_FILES, photoSetsOf } from './photo-names'
import type { PhotoRepository } from './photo-repository'

const RESTAURANT = /^[a-z0-9][a-z0-9_-]*$/
const HASH = /^[0-9a-f]{16,64}$/

/**
 * Photos a release before decision 0106 kept as files (`{dir}/{restaurant}/{hash}/{width}.
 * {avif|webp}`), stored in the database on start: those a dish, story or logo points into and
 * the database lacks. A file stored already is not read again, so the work is done once; nodes
 * starting together may each store a file, and the first one's stays (`ON CONFLICT DO
 * NOTHING`). The files stay where they are, for a release before this one. How many it stored.
 */
export async function importPhotoFiles({
  dir,
  used,
  repository,
  log,
}: {
  dir: string
  used: () => Promise<Iterable<string>>
  repository: Pick<PhotoRepository, 'storedNames' | 'storeMissing'>
  log: { warn(details: object, message: string): void }
}): Promise<number> {
  const isFolder = await stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  )
  if (!isFolder) return 0
  // The files there, by restaurant: one question to the database per restaurant.
  const found = new Map<string, { folder: string; name: string }[]>()
  for (const photo of photoSetsOf(await used())) {
    const [restaurantId = '', hash = ''] = photo.split('/')
    // An address is only text a manager saved: never a path out of `dir`.
    if (!RESTAURANT.test(restaurantId) || !HASH.test(hash)) continue
    const folder = join(dir, restaurantId, hash)
    for (const file of await readdir(folder).catch(() => [])) {
      if (!PHOTO_FILES.includes(file)) continue
      const files = found.get(restaurantId) ?? []
      files.push({ folder, name: `${hash}/${file}` })
      found.set(restaurantId, files)
    }
  }
  let stored = 0
  for (const [restaurantId, files] of found) {
    try {
      const held = await repository.storedNames(
        restaurantId,
        files.map(({ name }) => name),
      )
      for (const { folder, name } of files) {
        if (held.has(name)) continue
        const file = name.slice(name.indexOf('/') + 1)
        stored += await repository.storeMissing([
          {
            restaurantId,
            name,
            content: await readFile(join(folder, file)),
            contentType: file.endsWith('.avif') ? 'image/avif' : 'image/webp',
          },
        ])
      }
    } catch (error) {
      // A restaurant deleted since, an unreadable file: the other restaurants' are stored.
      log.warn({ err: error, restaurantId }, 'Photo files of an older release could not be stored')
    }
  }
  return stored
}
