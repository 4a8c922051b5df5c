import { createHash } from 'node:crypto'
import sharp, { type SharpOptions } from 'sharp'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import { PHOTO_URL_WIDTH, PHOTO_WIDTHS } from '@tableside/contracts/photo-sources'
import { HttpError } from '../../http/http-error'
import type { PhotoFile, PhotoRepository } from './photo-repository'
import { importPhotoFiles } from './photo-files-import'
import { PHOTO_FILES, photoSetsOf } from './photo-names'

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

/** A file that starts as an image and then breaks off: sharp fails only while decoding it. */
const decoded = <T>(work: Promise<T>): Promise<T> =>
  work.catch(() => {
    throw notAPhoto()
  })

/**
 * Uploaded dish and story photos (decisions 0065, 0106): decoded once with sharp, turned into
 * every width the menu shows as AVIF and WebP, and stored in the database under
 * `{restaurant}/{hash}/…`, named by their content, so they are cached for good, any node serves
 * them, and a second upload of the same photo stores nothing. A photo's files are stored in one
 * statement; one upload of a photo at a time in this process does the work, the others wait for it.
 */
export function createPhotoStore(
  repository: PhotoRepository,
  { now = Date.now }: { now?: () => number } = {},
) {
  const storing = new Map<string, Promise<void>>()
  /** Runs `work` for `key` unless it already runs in this process, then waits for that run. */
  const once = (key: string, work: () => Promise<void>): Promise<void> => {
    const running = storing.get(key)
    if (running) return running
    const run = work().finally(() => storing.delete(key))
    storing.set(key, run)
    return run
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
      const url = `/media/photos/${restaurantId}/${hash}/${String(PHOTO_URL_WIDTH)}.webp`
      const { dominant } = await decoded(sharp(bytes, input).stats())
      const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`
      await once(`${restaurantId}/${hash}`, async () => {
        const at = new Date(now())
        const names = PHOTO_FILES.map((file) => `${hash}/${file}`)
        // Uploaded again: as fresh as a new upload for the sweep, and nothing to store.
        const stored = await repository.touch(restaurantId, names, at)
        if (stored.length === names.length) return
        await repository.store(await decoded(encodeSizes(restaurantId, hash, bytes, input)), at)
      })
      return { url, color, width: meta.autoOrient.width, height: meta.autoOrient.height }
    },

    /**
     * Deletes the photos no address in `used` points into (of any restaurant) that were uploaded
     * more than `UNUSED_PHOTO_GRACE_MS` ago; the photos it deleted (`{restaurant}/{hash}`).
     */
    async sweep(used: Iterable<string>): Promise<string[]> {
      const keep = photoSetsOf(used)
      const before = new Date(now() - UNUSED_PHOTO_GRACE_MS)
      const deleted: string[] = []
      for (const photo of await repository.uploadedBefore(before)) {
        const key = `${photo.restaurantId}/${photo.hash}`
        if (keep.has(key)) continue
        if ((await repository.remove(photo, before)) > 0) deleted.push(key)
      }
      return deleted
    },

    /**
     * Stores the photos an older release kept as files in `dir` (`DATA_DIR/photos`) that an
     * address in `used` points into and the database lacks (decision 0106).
     */
    importFiles: (
      dir: string,
      used: () => Promise<Iterable<string>>,
      log: { warn(details: object, message: string): void },
    ) => importPhotoFiles({ dir, used, repository, log }),
  }
}

export type PhotoStore = ReturnType<typeof createPhotoStore>

async function encodeSizes(
  restaurantId: string,
  hash: string,
  bytes: Buffer,
  input: SharpOptions,
): Promise<PhotoFile[]> {
  const files: PhotoFile[] = []
  for (const width of PHOTO_WIDTHS) {
    const sized = sharp(bytes, input).rotate().resize({ width, withoutEnlargement: true })
    const webp = await sized.clone().webp({ quality: 78 }).toBuffer()
    const avif = await sized.clone().avif({ quality: 50, effort: 2 }).toBuffer()
    const name = (format: string) => `${hash}/${String(width)}.${format}`
    files.push(
      { restaurantId, name: name('avif'), content: avif, contentType: 'image/avif' },
      { restaurantId, name: name('webp'), content: webp, contentType: 'image/webp' },
    )
  }
  return files
}
