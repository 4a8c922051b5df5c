import { SectionInProgress } from './admin-section'

/** `/rest/:restaurant_id/admin/menu`: the back office's menu section. */
export function AdminMenuRoute() {
  return <SectionInProgress section="menu" />
}
