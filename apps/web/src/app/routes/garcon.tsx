import { useQuery } from '@tanstack/react-query'
import { paths } from '../../config/paths'
import { garconMeQueryOptions } from '../../features/garcon/api/get-garcon-me'
import { GarconHome } from '../../features/garcon/components/garcon-home'
import { MyTables } from '../../features/garcon/components/my-tables'
import { alertMessages } from '../../features/garcon/alerts/alert-messages'
import { garconMessages } from '../../features/garcon/garcon-messages'
import { useSignedInWaiter } from '../../features/garcon/signed-in-waiter'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useApiClient } from '../../lib/app-context'
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
  // The frame has it already: the waiter's tables as the server knows them now.
  const tableCodes = useQuery(garconMeQueryOptions(useApiClient())).data?.tableCodes ?? []
  const { t } = useMessages(garconMessages)
  const { t: tAlerts } = useMessages(alertMessages)
  const selectTablesHref = paths.garconSelectTables(restaurantId)
  return (
    <Screen
      title={t('hello', { name: waiter.name })}
      documentTitle={waiter.name}
      lead={tAlerts('liveLead')}
    >
      <GarconHome
        waiterId={waiter.id}
        screenPath={paths.garcon(restaurantId)}
        money={(minor) => formatPrice(minor, restaurant)}
        tables={(feed) => (
          <MyTables
            waiterId={waiter.id}
            tableCodes={tableCodes}
            feed={feed}
            selectTablesHref={selectTablesHref}
            t={tAlerts}
          />
        )}
      />
    </Screen>
  )
}
