import { TipsView } from '../../features/garcon/components/tips-view'
import { tipsMessages } from '../../features/garcon/tips-messages'
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
  return (
    <Screen title={t('title')}>
      <TipsView />
    </Screen>
  )
}
