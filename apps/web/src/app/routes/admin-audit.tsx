import { AdminPage } from '../../components/admin/admin-page'
import { AuditLog } from '../../features/admin-audit/components/audit-log'
import { auditMessages } from '../../features/admin-audit/audit-messages'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin/audit`: every change managers made, newest first. */
export function AdminAuditRoute() {
  const { title, documentTitle } = useSectionTitle('audit')
  const { t } = useMessages(auditMessages)
  const restaurant = useRestaurant()
  return (
    <AdminPage title={title} documentTitle={documentTitle} lead={t('lead')}>
      <AuditLog restaurant={restaurant} />
    </AdminPage>
  )
}
