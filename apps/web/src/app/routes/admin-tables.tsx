import { AdminPage } from '../../components/admin/admin-page'
import { adminTablesMessages } from '../../features/admin-tables/admin-tables-messages'
import { TablesAdminView } from '../../features/admin-tables/components/tables-admin-view'
import { useMessages } from '../../lib/i18n/use-translation'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin/tables`: zones, tables and their QR codes (issue 17). */
export function AdminTablesRoute() {
  const { title, documentTitle } = useSectionTitle('tables')
  const { t } = useMessages(adminTablesMessages)
  return (
    <AdminPage title={title} documentTitle={documentTitle} lead={t('lead')}>
      <TablesAdminView />
    </AdminPage>
  )
}
