import { StaffScreen } from '../../features/admin-staff/components/staff-screen'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useSectionTitle } from './admin-section'

/** `/rest/:restaurant_id/admin/staff`: waiters, managers and kitchen logins (decision 0068). */
export function AdminStaffRoute() {
  const { title, documentTitle } = useSectionTitle('staff')
  const restaurant = useRestaurant()
  return <StaffScreen title={title} documentTitle={documentTitle} timeZone={restaurant.timezone} />
}
