import { paths } from '../../config/paths'
import { GarconHome } from '../../features/garcon/components/garcon-home'
import { garconMessages } from '../../features/garcon/garcon-messages'
import { useSignedInWaiter } from '../../features/garcon/signed-in-waiter'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
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

/** The waiter's home: a greeting, and where to go from there. */
function GarconHomeScreen() {
  const restaurantId = useRestaurantId()
  const waiter = useSignedInWaiter()
  const { t } = useMessages(garconMessages)
  return (
    <Screen
      title={t('hello', { name: waiter.name })}
      documentTitle={waiter.name}
      lead={t('homeLead')}
    >
      <GarconHome
        tablesHref={paths.garconSelectTables(restaurantId)}
        tipsHref={paths.garconTips(restaurantId)}
        profileHref={paths.garconProfile(restaurantId)}
      />
    </Screen>
  )
}
