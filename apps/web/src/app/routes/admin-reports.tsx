import { adminReportsMessages } from '../../features/admin-reports/admin-reports-messages'
import { ReportView } from '../../features/admin-reports/components/report-view'
import '../../features/admin-reports/admin-reports.css'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'

/** `/rest/{rid}/admin/reports`: the day report of any range, its charts and the CSV. */
export function AdminReportsRoute() {
  const { t } = useMessages(adminReportsMessages)
  const restaurant = useRestaurant()
  return (
    <Screen title={t('reportTitle')} lead={t('reportLead', { timezone: restaurant.timezone })}>
      <ReportView restaurant={restaurant} />
    </Screen>
  )
}
