import { useSyncExternalStore } from 'react'
import * as z from 'zod/mini'

const MAX_REMEMBERED = 200
const stored = z.array(z.string().check(z.maxLength(64))).check(z.maxLength(MAX_REMEMBERED))
const EMPTY: ReadonlySet<string> = new Set()

export const viewedStoriesKey = (restaurantId: string) =>
  `tableside.stories-viewed.v1.${restaurantId}`

/** Ids of stories seen before; anything unreadable counts as nothing seen. */
export function parseViewed(raw: string | null): ReadonlySet<string> {
  if (raw === null) return EMPTY
  try {
    const parsed = z.safeParse(stored, JSON.parse(raw))
    return parsed.success ? new Set(parsed.data) : EMPTY
  } catch {
    return EMPTY
  }
}

/** Adds an id, dropping the oldest once the list is full (old stories end, new ones come). */
export function withViewed(viewed: ReadonlySet<string>, storyId: string): ReadonlySet<string> {
  if (viewed.has(storyId)) return viewed
  return new Set([...viewed, storyId].slice(-MAX_REMEMBERED))
}

const cache = new Map<string, ReadonlySet<string>>()
const listeners = new Set<() => void>()

function read(restaurantId: string): ReadonlySet<string> {
  let viewed = cache.get(restaurantId)
  if (!viewed) {
    try {
      viewed = parseViewed(localStorage.getItem(viewedStoriesKey(restaurantId)))
    } catch {
      viewed = EMPTY
    }
    cache.set(restaurantId, viewed)
  }
  return viewed
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && !event.key.startsWith('tableside.stories-viewed.')) return
    cache.clear()
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function markStoryViewed(restaurantId: string, storyId: string): void {
  const before = read(restaurantId)
  const after = withViewed(before, storyId)
  if (after === before) return
  cache.set(restaurantId, after)
  try {
    localStorage.setItem(viewedStoriesKey(restaurantId), JSON.stringify([...after]))
  } catch {
    // Storage refused: the ring still turns grey for this visit.
  }
  for (const listener of listeners) listener()
}

/** The stories this diner has already watched at this restaurant. */
export function useViewedStories(restaurantId: string): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => read(restaurantId),
    () => EMPTY,
  )
}
