import { AdminPage } from '../../components/admin/admin-page'
import { AdminMenuScreen } from '../../features/admin-menu/components/admin-menu-screen'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin/menu`: the manager edits the menu (issue 17). */
export function AdminMenuRoute() {
  const restaurant = useRestaurant()
  const { title, documentTitle } = useSectionTitle('menu')
  return (
    <AdminPage title={title} documentTitle={documentTitle}>
      <AdminMenuScreen restaurant={restaurant} />
    </AdminPage>
  )
}
