import * as z from 'zod/mini'
import { menuUpdated } from '@tableside/contracts/realtime-events'
import type { Broadcaster } from '../realtime/realtime'
import type { MenuCache } from './menu-cache'

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
