import { AdminPage } from '../../components/admin/admin-page'
import { adminReportsMessages } from '../../features/admin-reports/admin-reports-messages'
import { ReportView } from '../../features/admin-reports/components/report-view'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin/reports`: the day report of any range, its charts and the CSV. */
export function AdminReportsRoute() {
  const { title, documentTitle } = useSectionTitle('reports')
  const { t } = useMessages(adminReportsMessages)
  const restaurant = useRestaurant()
  return (
    <AdminPage
      title={title}
      documentTitle={documentTitle}
      lead={t('reportLead', { timezone: restaurant.timezone })}
    >
      <ReportView restaurant={restaurant} />
    </AdminPage>
  )
}
