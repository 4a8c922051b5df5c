import { useState } from 'react'
import { AdminPage } from '../../components/admin/admin-page'
import { OrderPanel } from '../../features/admin-orders/components/order-panel'
import { adminReportsMessages } from '../../features/admin-reports/admin-reports-messages'
import { LiveView } from '../../features/admin-reports/components/live-view'
import { useSettings } from '../../features/admin-settings/api/get-settings'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin`: the back office's first section, orders and calls now. */
export function AdminLiveRoute() {
  const { title, documentTitle } = useSectionTitle('live')
  const { t } = useMessages(adminReportsMessages)
  const restaurant = useRestaurant()
  // When a call is late is the restaurant's setting; the settings section keeps it fresh.
  const settings = useSettings()
  const [open, setOpen] = useState<string | null>(null)
  return (
    <AdminPage title={title} documentTitle={documentTitle} lead={t('liveLead')}>
      <LiveView
        restaurant={restaurant}
        callEscalationSeconds={settings.data?.callEscalationSeconds}
        onOpenOrder={setOpen}
      />
      {open ? (
        <OrderPanel orderId={open} restaurant={restaurant} onClose={() => setOpen(null)} />
      ) : null}
    </AdminPage>
  )
}
