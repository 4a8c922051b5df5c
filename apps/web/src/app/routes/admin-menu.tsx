import { adminMenuMessages } from '../../features/admin-menu/admin-menu-messages'
import { AdminMenuScreen } from '../../features/admin-menu/components/admin-menu-screen'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'

/** `/rest/:restaurant_id/admin/menu`: the manager edits the menu (issue 17). */
export function AdminMenuRoute() {
  const { t } = useMessages(adminMenuMessages)
  const restaurant = useRestaurant()
  return (
    <Screen title={t('title')}>
      <AdminMenuScreen restaurant={restaurant} />
    </Screen>
  )
}
