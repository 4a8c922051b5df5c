import { SectionInProgress } from './admin-section'

/** `/rest/:restaurant_id/admin/reports`: the back office's reports section. */
export function AdminReportsRoute() {
  return <SectionInProgress section="reports" />
}
