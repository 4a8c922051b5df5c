import { SectionInProgress } from './admin-section'

/** `/rest/:restaurant_id/admin`: the back office’s first section, what happens now. */
export function AdminLiveRoute() {
  return <SectionInProgress section="live" />
}
