import * as z from 'zod/mini'
import { menuUpdated, restaurantChannel } from '@tableside/contracts/realtime-events'
import { publishEntry } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'
import type { Broadcaster } from '../realtime/realtime'
import type { MenuCache } from './menu-cache'

/**
 * `menu.updated` on the restaurant's public channel, as an outbox entry written with the change
 * (decision 0027): open menus hear of a new menu (`availability` null) or of dishes going on or
 * off the stop-list, even when the server stops right after the change commits.
 */
export function menuUpdatedEntry(
  restaurantId: string,
  version: string,
  availability: { dishId: string; available: boolean }[] | null,
): OutboxEntry {
  return publishEntry(restaurantChannel(restaurantId), menuUpdated, {
    restaurantId,
    version,
    availability,
  })
}

/**
 * Publishes `menu.updated` only once this node's cache holds that version (decision 0064): a
 * diner refetches the moment it hears, and a load of the menu that started before the change
 * committed would otherwise answer with the menu from before it.
 */
export function freshMenuFirst(broadcaster: Broadcaster, cache: MenuCache) {
  return {
    async publish(event: Parameters<Broadcaster['publish']>[0]): Promise<void> {
      if (event.name === menuUpdated.name) {
        const update = z.safeParse(menuUpdated.data, JSON.parse(event.data))
        if (update.success) await cache.atLeast(update.data.restaurantId, update.data.version)
      }
      await broadcaster.publish(event)
    },
  } satisfies Broadcaster
}
