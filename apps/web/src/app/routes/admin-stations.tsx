import { AdminPage } from '../../components/admin/admin-page'
import { adminKitchenMessages } from '../../features/admin-kitchen/admin-kitchen-messages'
import { StationsScreen } from '../../features/admin-kitchen/components/stations-screen'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin/stations`: the kitchen's stations and its ticket timer. */
export function AdminStationsRoute() {
  const { title, documentTitle } = useSectionTitle('stations')
  const { t } = useMessages(adminKitchenMessages)
  return (
    <AdminPage title={title} documentTitle={documentTitle} lead={t('lead')}>
      <StationsScreen restaurantId={useRestaurantId()} />
    </AdminPage>
  )
}
