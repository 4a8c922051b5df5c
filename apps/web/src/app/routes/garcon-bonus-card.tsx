import { BonusCardLookup } from '../../features/garcon/bonus/bonus-card-lookup'
import { garconBonusMessages } from '../../features/garcon/bonus/bonus-messages'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { GarconFrame } from './garcon-frame'

export function GarconBonusCardRoute() {
  return (
    <GarconFrame>
      <GarconBonusCardScreen />
    </GarconFrame>
  )
}

function GarconBonusCardScreen() {
  const { t } = useMessages(garconBonusMessages)
  const restaurant = useRestaurant()
  return (
    <Screen title={t('title')} lead={t('lead')}>
      <BonusCardLookup timeZone={restaurant.timezone} />
    </Screen>
  )
}
