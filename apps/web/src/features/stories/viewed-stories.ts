import * as z from 'zod/mini'

const MAX_REMEMBERED = 200
const stored = z.array(z.string().check(z.maxLength(64))).check(z.maxLength(MAX_REMEMBERED))
const storageKey = (restaurantId: string) => `tableside.stories-viewed.v1.${restaurantId}`

/** Ids of stories seen before; anything unreadable counts as nothing seen. */
export function parseViewed(raw: string | null): string[] {
  try {
    const parsed = z.safeParse(stored, JSON.parse(raw ?? '[]'))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

/** Adds an id, dropping the oldest once the list is full (old stories end, new ones come). */
export function withViewed(viewed: readonly string[], storyId: string): readonly string[] {
  return viewed.includes(storyId) ? viewed : [...viewed, storyId].slice(-MAX_REMEMBERED)
}

/** The stories this diner has already watched at this restaurant. */
export function readViewed(restaurantId: string): string[] {
  try {
    return parseViewed(localStorage.getItem(storageKey(restaurantId)))
  } catch {
    return []
  }
}

export function markStoryViewed(restaurantId: string, storyId: string): void {
  const before = readViewed(restaurantId)
  const after = withViewed(before, storyId)
  if (after === before) return
  try {
    localStorage.setItem(storageKey(restaurantId), JSON.stringify(after))
  } catch {
    // Storage refused: the ring turns grey again next visit, nothing worse.
  }
}
