import { UserIcon } from '../../components/ui/icons'
import { garconBonusMessages } from '../../features/garcon/bonus/bonus-messages'
import { BonusCardIcon, TablesIcon, TipsIcon } from '../../features/garcon/components/garcon-icons'
import { garconPaths } from './garcon-nav-paths'
import { paths } from '../../config/paths'
import { useMessages } from '../../lib/i18n/use-translation'
import { garconNavMessages } from './garcon-nav-messages'
import { layoutMessages } from './layout-messages'
import { TabBar } from './tab-bar'

export function GarconNav({ restaurantId: id }: { restaurantId: string }) {
  // The tabs' words live apart from layout-messages, which is in every diner's first load.
  const layout = useMessages(layoutMessages)
  const { t } = useMessages(garconNavMessages)
  const bonus = useMessages(garconBonusMessages)
  return (
    <TabBar
      label={layout.t('garcon')}
      tabs={[
        {
          to: paths.garcon(id),
          label: t('tables'),
          icon: <TablesIcon />,
          alsoActiveOn: [garconPaths.selectTables(id)],
        },
        { to: garconPaths.tips(id), label: t('tips'), icon: <TipsIcon /> },
        { to: garconPaths.bonusCard(id), label: bonus.t('tab'), icon: <BonusCardIcon /> },
        { to: garconPaths.profile(id), label: t('garconProfile'), icon: <UserIcon /> },
      ]}
    />
  )
}
