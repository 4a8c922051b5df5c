import { SectionInProgress } from './admin-section'

/** `/rest/:restaurant_id/admin/settings`: the back office's settings section. */
export function AdminSettingsRoute() {
  return <SectionInProgress section="settings" />
}
