import { paths } from '../../config/paths'

/**
 * The waiter area's screens below its home (spec §2). Apart from `paths` so they load with the
 * waiter's tab bar, not in every diner's first load.
 */
export const garconPaths = {
  profile: (restaurantId: string) => `${paths.garcon(restaurantId)}/profile`,
  selectTables: (restaurantId: string) => `${paths.garcon(restaurantId)}/select-tables`,
  tips: (restaurantId: string) => `${paths.garcon(restaurantId)}/tips`,
  bonusCard: (restaurantId: string) => `${paths.garcon(restaurantId)}/bonus-card`,
}
