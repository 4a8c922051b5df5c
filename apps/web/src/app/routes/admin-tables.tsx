import { SectionInProgress } from './admin-section'

/** `/rest/:restaurant_id/admin/tables`: the back office's tables section. */
export function AdminTablesRoute() {
  return <SectionInProgress section="tables" />
}
