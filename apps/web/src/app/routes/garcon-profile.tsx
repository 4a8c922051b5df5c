import { WaiterProfile } from '../../features/garcon/components/waiter-profile'
import { garconMessages } from '../../features/garcon/garcon-messages'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { GarconFrame } from './garcon-frame'

export function GarconProfileRoute() {
  return (
    <GarconFrame>
      <GarconProfileScreen />
    </GarconFrame>
  )
}

function GarconProfileScreen() {
  const restaurant = useRestaurant()
  const { t } = useMessages(garconMessages)
  return (
    <Screen title={t('profileTitle')}>
      <WaiterProfile place={restaurant.name} timeZone={restaurant.timezone} />
    </Screen>
  )
}
