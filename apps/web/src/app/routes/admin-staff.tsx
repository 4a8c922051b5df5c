import { StaffScreen } from '../../features/admin-staff/components/staff-screen'

/** `/rest/{rid}/admin/staff`: the back office's waiters, managers and kitchen logins. */
export function AdminStaffRoute() {
  return <StaffScreen />
}
