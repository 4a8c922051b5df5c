import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import sharp, { type SharpOptions } from 'sharp'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import { PHOTO_URL_WIDTH, PHOTO_WIDTHS } from '@tableside/contracts/photo-sources'
import { HttpError } from '../../http/http-error'

/**
 * Pixels a photo may have, judged from its header before anything is decoded (issue 27): what
 * phones and cameras save by default fits (an iPhone's 24 MP 5712×4284, a camera's 6000×4000),
 * and the menu shows 960 px at most. A 48 MP photo costs seconds of CPU and 150 MB to decode
 * however small its file (a one-colour PNG of 49 MP weighs 143 KB), so it is refused.
 */
export const MAX_PHOTO_PIXELS = 25_000_000
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff'])
/**
 * An unused photo stays this long after its upload (or its last upload again): the manager may
 * not have saved the dish or story it was uploaded for yet (decision 0078).
 */
export const UNUSED_PHOTO_GRACE_MS = 60 * 60_000
const SIZE_FILES = PHOTO_WIDTHS.flatMap((width) => [
  `${String(width)}.avif`,
  `${String(width)}.webp`,
])
/** Beside a set while it is written or deleted: `{hash}.partial-{uuid}`, `{hash}.gone-{uuid}`. */
const ASIDE = /\.(partial|gone)-[0-9a-f-]{36}$/
const PHOTO_ADDRESS = /\/media\/photos\/([^/?#]+)\/([^/?#]+)\//g

const tooManyPixels = (width: number, height: number) =>
  new HttpError(
    413,
    'payload_too_large',
    `This photo is ${String(width)}×${String(height)} (${String(Math.round((width * height) / 1e6))} megapixels): send one of at most ${String(MAX_PHOTO_PIXELS / 1e6)} megapixels, such as 6000×4000 (the menu shows photos at most ${String(Math.max(...PHOTO_WIDTHS))} pixels wide).`,
  )

const notAPhoto = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    'This file is not a photo we can read: send a JPEG, PNG, WebP, AVIF or GIF.',
  )

/** The stored sets (`{restaurant}/{hash}`) that picture addresses point into. */
export function photoSetsOf(addresses: Iterable<string>): Set<string> {
  const sets = new Set<string>()
  for (const address of addresses) {
    for (const [, restaurant, hash] of address.matchAll(PHOTO_ADDRESS)) {
      sets.add(`${restaurant ?? ''}/${hash ?? ''}`)
    }
  }
  return sets
}

/**
 * Uploaded dish and story photos (decision 0065): decoded once with sharp, turned into every width
 * the menu shows as AVIF and WebP, and stored under `dir/{restaurant}/{hash}/`, named by their
 * content, so they are cached for good and a second upload of the same photo writes nothing. A
 * set is written beside its place and moved in whole, and never replaced once there; uploads of
 * one set and its sweep take turns in this process (decision 0078).
 */
export function createPhotoStore(dir: string, { now = Date.now }: { now?: () => number } = {}) {
  const turns = new Map<string, Promise<unknown>>()
  /** Runs `work` once whatever else this process does to `folder` has ended. */
  const inTurn = <T>(folder: string, work: () => Promise<T>): Promise<T> => {
    const before = turns.get(folder) ?? Promise.resolve()
    const mine = before.then(work, work)
    const settled = mine.then(
      () => undefined,
      () => undefined,
    )
    turns.set(folder, settled)
    void settled.then(() => {
      if (turns.get(folder) === settled) turns.delete(folder)
    })
    return mine
  }

  return {
    async save(restaurantId: string, bytes: Buffer): Promise<UploadedPhoto> {
      const input = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const
      // The header only: sharp would refuse a photo over the limit as unreadable; this says why.
      const meta = await sharp(bytes, { ...input, limitInputPixels: false })
        .metadata()
        .catch(() => {
          throw notAPhoto()
        })
      if (!PHOTO_FORMATS.has(meta.format)) throw notAPhoto()
      if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw tooManyPixels(meta.width, meta.height)

      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24)
      const folder = join(dir, restaurantId, hash)
      const url = `/media/photos/${restaurantId}/${hash}/${String(PHOTO_URL_WIDTH)}.webp`
      try {
        const { dominant } = await sharp(bytes, input).stats()
        const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`
        const size = { width: meta.autoOrient.width, height: meta.autoOrient.height }
        await inTurn(folder, async () => {
          if (await isWhole(folder)) {
            // Uploaded again: as fresh as a new upload for the sweep.
            const at = new Date(now())
            await utimes(folder, at, at)
          } else {
            await writeSizes(bytes, input, folder)
          }
        })
        return { url, color, ...size }
      } catch (error) {
        if (error instanceof HttpError) throw error
        // A file that starts as an image and then breaks off: sharp fails only while decoding.
        throw notAPhoto()
      }
    },

    /**
     * Deletes the sets no address in `used` points into (of any restaurant) that were uploaded
     * more than `UNUSED_PHOTO_GRACE_MS` ago, and what broken uploads left; the sets it deleted.
     */
    async sweep(used: Iterable<string>): Promise<string[]> {
      const keep = photoSetsOf(used)
      const deleted: string[] = []
      const old = (mtimeMs: number) => now() - mtimeMs > UNUSED_PHOTO_GRACE_MS
      for (const restaurant of await entries(dir)) {
        for (const name of await entries(join(dir, restaurant))) {
          const folder = join(dir, restaurant, name)
          if (ASIDE.test(name)) {
            const info = await stat(folder).catch(() => undefined)
            if (info && old(info.mtimeMs)) await rm(folder, { recursive: true, force: true })
            continue
          }
          if (keep.has(`${restaurant}/${name}`)) continue
          const gone = await inTurn(folder, async () => {
            const info = await stat(folder).catch(() => undefined)
            if (!info?.isDirectory() || !old(info.mtimeMs)) return false
            // Out of its place at once, so a reader never sees half a set; then deleted.
            const aside = `${folder}.gone-${randomUUID()}`
            await rename(folder, aside)
            await rm(aside, { recursive: true, force: true })
            return true
          })
          if (gone) deleted.push(`${restaurant}/${name}`)
        }
      }
      return deleted
    },
  }
}

export type PhotoStore = ReturnType<typeof createPhotoStore>

async function writeSizes(bytes: Buffer, input: SharpOptions, folder: string): Promise<void> {
  // Written beside under a name of its own, then moved into place whole.
  const partial = `${folder}.partial-${randomUUID()}`
  await mkdir(partial, { recursive: true })
  try {
    for (const width of PHOTO_WIDTHS) {
      const sized = sharp(bytes, input).rotate().resize({ width, withoutEnlargement: true })
      await sized
        .clone()
        .webp({ quality: 78 })
        .toFile(join(partial, `${String(width)}.webp`))
      await sized
        .clone()
        .avif({ quality: 50, effort: 2 })
        .toFile(join(partial, `${String(width)}.avif`))
    }
    // A set short of a size (stored before the sizes changed) is moved aside first; a whole one
    // another node stored meanwhile stays, and this copy goes.
    if (await exists(folder)) {
      if (await isWhole(folder)) return
      const aside = `${folder}.gone-${randomUUID()}`
      await rename(folder, aside)
      await rm(aside, { recursive: true, force: true })
    }
    await rename(partial, folder).catch(async (error: unknown) => {
      if (!(await isWhole(folder))) throw error
    })
  } finally {
    await rm(partial, { recursive: true, force: true })
  }
}

async function isWhole(folder: string): Promise<boolean> {
  const names = new Set(await entries(folder))
  return SIZE_FILES.every((name) => names.has(name))
}

async function entries(folder: string): Promise<string[]> {
  return readdir(folder).catch(() => [])
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}
