import { SettingsScreen } from '../../features/admin-settings/components/settings-screen'

/** `/rest/{rid}/admin/settings`: the restaurant's settings, grouped, saved together. */
export function AdminSettingsRoute() {
  return <SettingsScreen />
}
