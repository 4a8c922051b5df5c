import { createHash } from 'node:crypto'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import sharp, { type SharpOptions } from 'sharp'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import { PHOTO_URL_WIDTH, PHOTO_WIDTHS } from '@tableside/contracts/photo-sources'
import { HttpError } from '../../http/http-error'

/** Pixels a photo may have (a 48-megapixel phone photo fits); more is refused before decoding. */
export const MAX_PHOTO_PIXELS = 50_000_000
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'tiff'])

const notAPhoto = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    'This file is not a photo we can read: send a JPEG, PNG, WebP, AVIF or GIF.',
  )

/**
 * Uploaded dish photos (decision 0065): decoded once with sharp, turned into every width the menu
 * shows as AVIF and WebP, and stored under `dir/{restaurant}/{hash}/` — named by their content, so
 * they are cached for good and a second upload of the same photo changes nothing.
 */
export function createPhotoStore(dir: string) {
  return {
    async save(restaurantId: string, bytes: Buffer): Promise<UploadedPhoto> {
      const input = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' } as const
      const meta = await sharp(bytes, input)
        .metadata()
        .catch(() => {
          throw notAPhoto()
        })
      if (!PHOTO_FORMATS.has(meta.format)) throw notAPhoto()

      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24)
      const folder = join(dir, restaurantId, hash)
      const url = `/media/photos/${restaurantId}/${hash}/${String(PHOTO_URL_WIDTH)}.webp`
      try {
        const { dominant } = await sharp(bytes, input).stats()
        const color = `#${[dominant.r, dominant.g, dominant.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`
        const size = { width: meta.autoOrient.width, height: meta.autoOrient.height }
        if (!(await exists(join(folder, `${String(PHOTO_WIDTHS.at(-1))}.avif`)))) {
          await writeSizes(bytes, input, folder)
        }
        return { url, color, ...size }
      } catch (error) {
        if (error instanceof HttpError) throw error
        // A file that starts as an image and then breaks off: sharp fails only while decoding.
        throw notAPhoto()
      }
    },
  }
}

export type PhotoStore = ReturnType<typeof createPhotoStore>

async function writeSizes(bytes: Buffer, input: SharpOptions, folder: string): Promise<void> {
  // Written beside, then moved into place: a reader never sees half a set.
  const partial = `${folder}.partial-${String(process.pid)}-${String(Date.now())}`
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
    await rm(folder, { recursive: true, force: true })
    await rename(partial, folder)
  } finally {
    await rm(partial, { recursive: true, force: true })
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}
