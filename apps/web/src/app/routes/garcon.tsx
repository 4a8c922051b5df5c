import { Link } from '../../components/ui/link'
import { buttonClass } from '../../components/ui/button'
import { TablesIcon } from '../../components/ui/icons'
import { ListCheckIcon } from '../../components/ui/screen-icons'
import { paths } from '../../config/paths'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'My tables',
    soon: 'Your tables at a glance: new orders, calls from guests and bills to settle, as they happen.',
    selectTables: 'Choose my tables',
  },
  ru: {
    title: 'Мои столы',
    soon: 'Ваши столы на одном экране: новые заказы, вызовы гостей и счета к оплате, сразу как они появляются.',
    selectTables: 'Выбрать столы',
  },
})

/** The waiter's home: their tables. */
export function GarconRoute() {
  const restaurantId = useRestaurantId()
  const { t } = useMessages(messages)
  return (
    <ComingSoonScreen
      title={t('title')}
      icon={<TablesIcon />}
      text={t('soon')}
      actions={
        <Link
          className={buttonClass('secondary', { block: true })}
          to={paths.garconSelectTables(restaurantId)}
        >
          <ListCheckIcon size={20} />
          {t('selectTables')}
        </Link>
      }
    />
  )
}
