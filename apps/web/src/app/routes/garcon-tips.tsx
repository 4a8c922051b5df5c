import { TipsView } from '../../features/garcon/components/tips-view'
import { tipsMessages } from '../../features/garcon/tips-messages'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { GarconFrame } from './garcon-frame'

export function GarconTipsRoute() {
  return (
    <GarconFrame>
      <GarconTipsScreen />
    </GarconFrame>
  )
}

function GarconTipsScreen() {
  const { t } = useMessages(tipsMessages)
  const restaurant = useRestaurant()
  return (
    <Screen title={t('title')}>
      <TipsView restaurant={restaurant} />
    </Screen>
  )
}
