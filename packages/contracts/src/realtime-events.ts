import * as z from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import { restaurant } from './restaurants'

/** A realtime event: its channel, its name and the schema of its data (JSON in the frame). */
export interface RealtimeEvent<S extends $ZodType = $ZodType> {
  readonly name: string
  readonly data: S
}

export { restaurantChannel } from './first-screen-reads'

export const restaurantUpdated = {
  name: 'restaurant.updated',
  data: restaurant,
} as const satisfies RealtimeEvent

/**
 * The menu changed. A stop-list change lists the dishes whose availability flipped, so an
 * open menu patches itself; any other change has `availability: null` and the menu refetches.
 */
export const menuUpdated = {
  name: 'menu.updated',
  data: z.object({
    restaurantId: z.string(),
    version: z.string(),
    availability: z.nullable(z.array(z.object({ dishId: z.string(), available: z.boolean() }))),
  }),
} as const satisfies RealtimeEvent
