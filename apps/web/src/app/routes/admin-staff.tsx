import { SectionInProgress } from './admin-section'

/** `/rest/:restaurant_id/admin/staff`: the back office's staff section. */
export function AdminStaffRoute() {
  return <SectionInProgress section="staff" />
}
