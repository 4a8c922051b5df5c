import { garconPaths } from '../layouts/garcon-nav-paths'
import { paths } from '../../config/paths'
import { GarconHome } from '../../features/garcon/components/garcon-home'
import { Floor } from '../../features/garcon/floor/floor'
import { garconMessages } from '../../features/garcon/garcon-messages'
import { useSignedInWaiter } from '../../features/garcon/signed-in-waiter'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { formatPrice } from '../../lib/format-price'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { GarconFrame } from './garcon-frame'

export function GarconRoute() {
  return (
    <GarconFrame>
      <GarconHomeScreen />
    </GarconFrame>
  )
}

/** The waiter's live screen: alerts as they come, and their tables. */
function GarconHomeScreen() {
  const restaurant = useRestaurant()
  const restaurantId = useRestaurantId()
  const waiter = useSignedInWaiter()
  const { t } = useMessages(garconMessages)
  const selectTablesHref = garconPaths.selectTables(restaurantId)
  return (
    // No lead under the greeting: the shift switch below says where calls and orders go.
    <Screen title={t('hello', { name: waiter.name })} documentTitle={waiter.name}>
      <GarconHome
        waiterId={waiter.id}
        screenPath={paths.garcon(restaurantId)}
        money={(minor) => formatPrice(minor, restaurant)}
        tables={() => (
          <Floor
            waiterId={waiter.id}
            restaurantId={restaurantId}
            selectTablesHref={selectTablesHref}
            money={(minor) => formatPrice(minor, restaurant)}
            timeZone={restaurant.timezone}
            cooksBeforePaid={restaurant.settings.kitchenBeforeOnlinePayment}
            refunds={restaurant.settings.waiterRefunds}
          />
        )}
      />
    </Screen>
  )
}
