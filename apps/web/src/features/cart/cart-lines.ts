import type { CartLine } from '@tableside/contracts/cart'
import {
  MAX_CART_LINES,
  MAX_LINE_COMMENT,
  MAX_LINE_OPTIONS,
  MAX_LINE_QUANTITY,
  SLUG_ID_PATTERN,
} from '@tableside/contracts/cart-limits'

/** A cart line with the key that names it on screen and in `setQuantity` / `remove`. */
export type CartEntry = CartLine & { key: string }

/** A line taken out of the cart and where it stood, so Undo can put it back in place. */
export interface RemovedLine {
  entry: CartEntry
  index: number
}

/**
 * Two lines are the same order when the dish, the set of options and the note match; the key
 * says exactly that, so adding the same thing twice raises the quantity instead.
 */
export function lineKey(line: Pick<CartLine, 'dishId' | 'optionIds' | 'comment'>): string {
  return JSON.stringify([line.dishId, [...new Set(line.optionIds)].sort(), line.comment ?? ''])
}

function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.trunc(quantity)))
}

/** The line as the cart keeps it: options once each and sorted, a trimmed note or none. */
export function toEntry(line: CartLine): CartEntry {
  const comment = line.comment?.trim().slice(0, MAX_LINE_COMMENT)
  const normal: CartLine = {
    dishId: line.dishId,
    quantity: clampQuantity(line.quantity),
    optionIds: [...new Set(line.optionIds)].sort(),
    ...(comment ? { comment } : {}),
  }
  return { ...normal, key: lineKey(normal) }
}

/** Adds a line, merging it into an identical one; a full cart or line stays at the limit. */
export function addLine(lines: readonly CartEntry[], line: CartLine): readonly CartEntry[] {
  const entry = toEntry(line)
  const same = lines.findIndex((existing) => existing.key === entry.key)
  if (same === -1) return lines.length >= MAX_CART_LINES ? lines : [...lines, entry]
  return lines.map((existing, index) =>
    index === same
      ? { ...existing, quantity: clampQuantity(existing.quantity + entry.quantity) }
      : existing,
  )
}

/** Sets how many of a line; the quantity stays within 1–99 (removing is `removeLine`). */
export function setLineQuantity(
  lines: readonly CartEntry[],
  key: string,
  quantity: number,
): readonly CartEntry[] {
  const next = clampQuantity(quantity)
  return lines.map((line) =>
    line.key === key && line.quantity !== next ? { ...line, quantity: next } : line,
  )
}

export function removeLine(
  lines: readonly CartEntry[],
  key: string,
): { lines: readonly CartEntry[]; removed: RemovedLine | null } {
  const index = lines.findIndex((line) => line.key === key)
  const entry = lines[index]
  if (!entry) return { lines, removed: null }
  return { lines: lines.filter((_, i) => i !== index), removed: { entry, index } }
}

/** Puts a removed line back where it was, or merges it if the diner added the same again. */
export function restoreLine(
  lines: readonly CartEntry[],
  removed: RemovedLine,
): readonly CartEntry[] {
  if (lines.some((line) => line.key === removed.entry.key)) return addLine(lines, removed.entry)
  if (lines.length >= MAX_CART_LINES) return lines
  const index = Math.min(removed.index, lines.length)
  return [...lines.slice(0, index), removed.entry, ...lines.slice(index)]
}

export function itemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0)
}

const isSlugId = (value: unknown): value is string =>
  typeof value === 'string' && SLUG_ID_PATTERN.test(value)

/**
 * A stored line as the contract's `cartLine` takes it, or nothing: checked by hand, as zod and
 * the contract's schemas stay out of the first load (decision 0124; cart-lines.test.ts holds
 * the two together).
 */
function storedLine(value: unknown): CartLine | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { dishId, quantity, optionIds, comment } = value as Record<string, unknown>
  if (!isSlugId(dishId)) return undefined
  if (!Number.isSafeInteger(quantity)) return undefined
  if (typeof quantity !== 'number' || quantity < 1 || quantity > MAX_LINE_QUANTITY) return undefined
  if (!Array.isArray(optionIds) || optionIds.length > MAX_LINE_OPTIONS) return undefined
  if (!optionIds.every(isSlugId)) return undefined
  if (comment === undefined) return { dishId, quantity, optionIds }
  if (typeof comment !== 'string') return undefined
  const trimmed = comment.trim()
  if (trimmed.length > MAX_LINE_COMMENT) return undefined
  return { dishId, quantity, optionIds, comment: trimmed }
}

/** Local storage is the diner's browser, not ours: the stored cart is checked like any input. */
function storedCart(data: unknown): readonly CartLine[] | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { lines } = data as Record<string, unknown>
  if (!Array.isArray(lines) || lines.length > MAX_CART_LINES) return undefined
  const checked: CartLine[] = []
  for (const line of lines) {
    const ok = storedLine(line)
    if (!ok) return undefined
    checked.push(ok)
  }
  return checked
}

export const CART_STORAGE_PREFIX = 'tableside.cart.v1.'

export function cartStorageKey(restaurantId: string): string {
  return `${CART_STORAGE_PREFIX}${restaurantId}`
}

/** The stored cart, or an empty one when nothing or something unreadable is stored. */
export function parseStoredCart(raw: string | null): readonly CartEntry[] {
  if (raw === null) return []
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return []
  }
  return (storedCart(data) ?? []).reduce<readonly CartEntry[]>(addLine, [])
}

/** The lines without their keys, which are derived again when read. */
export function serializeCart(lines: readonly CartEntry[]): string {
  return JSON.stringify({ lines }, (name, value: unknown) => (name === 'key' ? undefined : value))
}
