import { AdminPage } from '../../components/admin/admin-page'
import { adminReportsMessages } from '../../features/admin-reports/admin-reports-messages'
import { LiveView } from '../../features/admin-reports/components/live-view'
import '../../features/admin-reports/admin-reports.css'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin`: the back office's first section, orders and calls now. */
export function AdminLiveRoute() {
  const { title, documentTitle } = useSectionTitle('live')
  const { t } = useMessages(adminReportsMessages)
  const restaurant = useRestaurant()
  return (
    <AdminPage title={title} documentTitle={documentTitle} lead={t('liveLead')}>
      <LiveView restaurant={restaurant} />
    </AdminPage>
  )
}
