import { PHOTO_WIDTHS } from '@tableside/contracts/photo-sources'

/** A photo's files, each width as AVIF and as WebP: `{width}.{avif|webp}` (decision 0065). */
export const PHOTO_FILES: readonly string[] = PHOTO_WIDTHS.flatMap((width) => [
  `${String(width)}.avif`,
  `${String(width)}.webp`,
])

const PHOTO_ADDRESS = /\/media\/photos\/([^/?#]+)\/([^/?#]+)\//g

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
