import { menuUpdated, restaurantChannel } from '@tableside/contracts/realtime-events'
import { publishEntry } from '../outbox/outbox'
import type { OutboxEntry } from '../outbox/outbox-repository'

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
