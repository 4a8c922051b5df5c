import { StaffScreen } from '../../features/admin-staff/components/staff-screen'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin/staff`: waiters, managers and kitchen logins (decision 0068). */
export function AdminStaffRoute() {
  const { title, documentTitle } = useSectionTitle('staff')
  return <StaffScreen title={title} documentTitle={documentTitle} />
}
