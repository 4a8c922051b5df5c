import type { $ZodType } from 'zod/v4/core'
import { restaurant } from './restaurants'

/** A realtime event: its channel, its name and the schema of its data (JSON in the frame). */
export interface RealtimeEvent<S extends $ZodType = $ZodType> {
  readonly name: string
  readonly data: S
}

/** Public channel of a restaurant: profile, menu and stop-list changes (DESIGN §5). */
export const restaurantChannel = (restaurantId: string) => `restaurant.${restaurantId}`

export const restaurantUpdated = {
  name: 'restaurant.updated',
  data: restaurant,
} as const satisfies RealtimeEvent
