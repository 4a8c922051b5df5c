import * as z from 'zod/mini'
import { SLUG_ID_PATTERN } from './cart-limits'

/**
 * Menu and restaurant text in the languages diners can pick. Russian is always present;
 * English falls back to Russian where a restaurant has not translated a text.
 */
export const localizedText = z.object({
  ru: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  en: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
})
export type LocalizedText = z.infer<typeof localizedText>

/**
 * The largest order the product accepts, in minor units (1 000 000 ₽): its total, and so any
 * line, price or amount of it. An order beyond it is refused before anything is written.
 */
export const MAX_ORDER_TOTAL = 100_000_000
/** The largest line of an order: a line is never more than the order it is part of. */
export const MAX_LINE_TOTAL = MAX_ORDER_TOTAL
/**
 * The most a table session's orders may come to, cancelled ones included (10 000 000 ₽): an
 * order that would pass it is refused. With a tip of at most the amount, any payment of a bill
 * still fits a 32-bit column.
 */
export const MAX_BILL_TOTAL = 1_000_000_000

/** Money is always an integer number of minor units (kopecks for RUB); at most an order's worth. */
export const money = z.int().check(z.nonnegative(), z.lte(MAX_ORDER_TOTAL))
/** A sum over a table's bill: at most what a session may come to. */
export const billMoney = z.int().check(z.nonnegative(), z.lte(MAX_BILL_TOTAL))
/** A payment: a share of a bill with a tip of at most as much again. */
export const paymentMoney = z.int().check(z.nonnegative(), z.lte(2 * MAX_BILL_TOTAL))

/** A stable id a restaurant chooses for its menu items: `borscht`, `wine-red-glass`. */
export const slugId = z
  .string()
  .check(
    z.regex(
      SLUG_ID_PATTERN,
      'An id is 1–64 lowercase latin letters, digits, dashes or underscores',
    ),
  )

/**
 * A picture on this server (`/media/…`: the demo's, or an upload) or on the restaurant's own
 * https host (which the server also checks against `MEDIA_ORIGINS`). A `/media/` path is names
 * of letters, digits, `_`, `-` and `.`, none empty and none starting with a dot: a browser
 * resolves `/media/../api/…` to an address outside `/media/` (issue 27).
 */
export const imageUrl = z
  .string()
  .check(
    z.maxLength(500),
    z.regex(
      /^(\/media(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+|https:\/\/\S+)$/,
      'A picture is /media/ and a name (letters, digits, _, - and ., no "." or ".." parts) or an https address',
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
