import * as z from 'zod/mini'

/**
 * Menu and restaurant text in the languages diners can pick. Russian is always present;
 * English falls back to Russian where a restaurant has not translated a text.
 */
export const localizedText = z.object({
  ru: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  en: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
})
export type LocalizedText = z.infer<typeof localizedText>

/** Money is always an integer number of minor units (kopecks for RUB). */
export const money = z.int().check(z.nonnegative(), z.lte(100_000_000))

/** A stable id a restaurant chooses for its menu items: `borscht`, `wine-red-glass`. */
export const slugId = z
  .string()
  .check(
    z.regex(
      /^[a-z0-9][a-z0-9_-]{0,63}$/,
      'An id is 1–64 lowercase latin letters, digits, dashes or underscores',
    ),
  )

/** A picture shipped with the app (`/media/...`) or on the restaurant's own https host. */
export const imageUrl = z
  .string()
  .check(
    z.maxLength(500),
    z.regex(
      /^(\/media\/[A-Za-z0-9/_.-]+|https:\/\/\S+)$/,
      'An image is a /media/… path or an https address',
    ),
  )

export const image = z.object({
  url: imageUrl,
  /** What the picture shows, for screen readers. */
  alt: localizedText,
  /** Shown while the picture loads, so the layout never jumps and the card is never blank. */
  color: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb')),
})
export type Image = z.infer<typeof image>
