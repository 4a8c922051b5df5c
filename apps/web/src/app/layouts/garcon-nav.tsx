import { UserIcon } from '../../components/ui/icons'
import { TablesIcon, TipsIcon } from '../../features/garcon/components/garcon-icons'
import { paths } from '../../config/paths'
import { useMessages } from '../../lib/i18n/use-translation'
import { layoutMessages } from './layout-messages'
import { TabBar } from './tab-bar'

export function GarconNav({ restaurantId: id }: { restaurantId: string }) {
  const { t } = useMessages(layoutMessages)
  return (
    <TabBar
      label={t('garcon')}
      tabs={[
        {
          to: paths.garcon(id),
          label: t('tables'),
          icon: <TablesIcon />,
          alsoActiveOn: [paths.garconSelectTables(id)],
        },
        { to: paths.garconTips(id), label: t('tips'), icon: <TipsIcon /> },
        { to: paths.garconProfile(id), label: t('garconProfile'), icon: <UserIcon /> },
      ]}
    />
  )
}
