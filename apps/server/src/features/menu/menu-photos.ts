import { createHash } from 'node:crypto'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import { PHOTO_URL_WIDTH, PHOTO_WIDTHS } from '@tableside/contracts/photo-sources'
import { HttpError } from '../../http/http-error'
import type { PhotoFile, PhotoRepository } from './photo-repository'
import { importPhotoFiles } from './photo-files-import'
import { PHOTO_FILES, photoSetsOf } from './photo-names'
import type { PhotoTurns } from './photo-turns'
import { PhotoWorkFailed, type PhotoWork } from './photo-work'

/**
 * Pixels a photo may have, judged from its header before anything is decoded (issue 27): what
 * phones and cameras save by default fits (an iPhone's 24 MP 5712×4284, a camera's 6000×4000),
 * and the menu shows 960 px at most. Decoded once in the photo worker, a 25 MP photo costs
 * under half a second of one core; the worst file under the cap (a 16-bit interlaced PNG) about
 * 2 s and 400 MB (`npm run bench:photos`, decision 0110). A 49 MP PNG of one colour weighs
 * 143 KB and would cost twice that, so it is refused.
 */
export const MAX_PHOTO_PIXELS = 25_000_000
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

const workFailed = () =>
  new HttpError(
    503,
    'service_unavailable',
    'This photo could not be prepared just now: send it again in a moment.',
  )

/**
 * Uploaded dish and story photos (decisions 0065, 0106, 0110): decoded once by the photo worker,
 * a process of its own, turned into every width the menu shows as AVIF and WebP, and stored in
 * the database under `{restaurant}/{hash}/…`, named by their content, so they are cached for
 * good, any node serves them, and a second upload of the same photo stores nothing. A
 * restaurant's uploads take turns across the cluster; a photo's files are stored in one statement.
 */
export function createPhotoStore(
  repository: PhotoRepository,
  { work, turns, now = Date.now }: { work: PhotoWork; turns: PhotoTurns; now?: () => number },
) {
  return {
    save(restaurantId: string, bytes: Buffer): Promise<UploadedPhoto> {
      return turns.take(restaurantId, async () => {
        const answer = await work
          .run({ bytes, maxPixels: MAX_PHOTO_PIXELS, widths: PHOTO_WIDTHS })
          .catch((error: unknown) => {
            throw error instanceof PhotoWorkFailed ? workFailed() : error
          })
        if (answer.outcome === 'not_a_photo') throw notAPhoto()
        if (answer.outcome === 'too_many_pixels') throw tooManyPixels(answer.width, answer.height)

        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24)
        const at = new Date(now())
        const names = PHOTO_FILES.map((file) => `${hash}/${file}`)
        // Uploaded again: as fresh as a new upload for the sweep, and nothing to store.
        const stored = await repository.touch(restaurantId, names, at)
        if (stored.length < names.length) {
          const files = answer.files.map(({ width, format, content }): PhotoFile => ({
            restaurantId,
            name: `${hash}/${String(width)}.${format}`,
            content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
            contentType: `image/${format}`,
          }))
          await repository.store(files, at)
        }
        const { width, height, color } = answer
        return {
          url: `/media/photos/${restaurantId}/${hash}/${String(PHOTO_URL_WIDTH)}.webp`,
          color,
          width,
          height,
        }
      })
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
