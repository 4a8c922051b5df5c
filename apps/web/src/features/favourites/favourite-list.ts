import { safeParse } from 'zod/mini'
import { favourite, MAX_FAVOURITES, type Favourite } from '@tableside/contracts/favourites'

export const NO_FAVOURITES: readonly Favourite[] = []

/**
 * Whatever storage holds, read as a list: entries that do not check out (an older build, a
 * hand edit, another app's key) are dropped one by one, a dish saved twice keeps its newest
 * entry, and the list is cut to the limit. Nothing usable is `NO_FAVOURITES`.
 */
export function parseFavourites(stored: unknown): readonly Favourite[] {
  if (!Array.isArray(stored)) return NO_FAVOURITES
  const entries: Favourite[] = []
  for (const item of stored) {
    const parsed = safeParse(favourite, item)
    if (parsed.success) entries.push(parsed.data)
  }
  const list = newestFirst(entries)
  return list.length === 0 ? NO_FAVOURITES : list
}

/** Each dish once (its newest entry), newest first, at most `MAX_FAVOURITES`. */
function newestFirst(entries: readonly Favourite[]): Favourite[] {
  const newest = new Map<string, Favourite>()
  for (const entry of entries) {
    const seen = newest.get(entry.dishId)
    if (!seen || entry.addedAt > seen.addedAt) newest.set(entry.dishId, entry)
  }
  // Stable: entries saved in the same millisecond keep the order they came in.
  return [...newest.values()].sort((a, b) => b.addedAt - a.addedAt).slice(0, MAX_FAVOURITES)
}

/** Puts a dish on top (saved now); a full list forgets its oldest. */
export function withFavourite(list: readonly Favourite[], entry: Favourite): readonly Favourite[] {
  const rest = list.filter((item) => item.dishId !== entry.dishId)
  return [entry, ...rest].slice(0, MAX_FAVOURITES)
}

export function withoutFavourite(list: readonly Favourite[], dishId: string): readonly Favourite[] {
  if (!list.some((item) => item.dishId === dishId)) return list
  const rest = list.filter((item) => item.dishId !== dishId)
  return rest.length === 0 ? NO_FAVOURITES : rest
}

/**
 * Signing in (decision 0052): the device's list and the profile's become one, each dish once
 * with its later `addedAt`, newest first, cut to the limit. The server applies the same rule;
 * the device uses it to show the result before the server has answered.
 */
export function mergeFavouriteLists(
  ...lists: ReadonlyArray<readonly Favourite[]>
): readonly Favourite[] {
  const merged = newestFirst(lists.flat())
  return merged.length === 0 ? NO_FAVOURITES : merged
}
