import { TablesAdminView } from '../../features/admin-tables/components/tables-admin-view'
import { adminTablesMessages } from '../../features/admin-tables/admin-tables-messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'

/** `/rest/{rid}/admin/tables`: zones, tables and their QR codes (issue 17). */
export function AdminTablesRoute() {
  const { t } = useMessages(adminTablesMessages)
  return (
    <Screen title={t('title')} lead={t('lead')}>
      <TablesAdminView />
    </Screen>
  )
}
