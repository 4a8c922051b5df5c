import { KitchenBoard } from '../../features/kitchen/components/kitchen-board'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'

/** `/rest/{rid}/kitchen`: the kitchen display (issue 17). */
export function KitchenRoute() {
  return <KitchenBoard restaurantId={useRestaurantId()} />
}
