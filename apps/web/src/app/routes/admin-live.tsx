import { adminReportsMessages } from '../../features/admin-reports/admin-reports-messages'
import { LiveView } from '../../features/admin-reports/components/live-view'
import '../../features/admin-reports/admin-reports.css'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'

/** The back office's index (`/rest/{rid}/admin/live`): orders and calls across the restaurant. */
export function AdminLiveRoute() {
  const { t } = useMessages(adminReportsMessages)
  const restaurant = useRestaurant()
  return (
    <Screen title={t('liveTitle')} lead={t('liveLead')}>
      <LiveView restaurant={restaurant} />
    </Screen>
  )
}
