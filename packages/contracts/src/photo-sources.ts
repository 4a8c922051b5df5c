/**
 * Photos uploaded in the back office are stored in these widths, as AVIF and WebP (decision
 * 0065): `/media/photos/{restaurant}/{hash}/{width}.{avif|webp}`. The menu's `image.url` names
 * the 640 WebP; the other files follow from it. The demo restaurant's pictures ship the same
 * files, `/media/demo/{name}/{width}.{avif|webp}` (decision 0164).
 */
export const PHOTO_WIDTHS = [320, 640, 960] as const
export const PHOTO_URL_WIDTH = 640

const sized = /^(\/media\/(?:photos\/[a-z0-9_-]+\/[0-9a-f]{16,64}|demo\/[a-z0-9-]+)\/)\d+\.webp$/

export interface PhotoSources {
  avif: string
  webp: string
}

/**
 * `srcset` values for an uploaded photo or a demo picture; null for any other (an https host, a
 * demo SVG of an older release).
 */
export function photoSources(url: string): PhotoSources | null {
  const base = sized.exec(url)?.[1]
  if (base === undefined) return null
  const set = (ext: string) => PHOTO_WIDTHS.map((w) => `${base}${String(w)}.${ext} ${String(w)}w`)
  return { avif: set('avif').join(', '), webp: set('webp').join(', ') }
}
