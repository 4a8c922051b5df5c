import { useLocation } from 'react-router'
import { AdminPage } from '../../components/admin/admin-page'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import type { AdminSection } from '../layouts/admin-sections'
import { adminMessages } from '../layouts/admin-messages'

/** The title of a back-office section and its browser tab. */
export function useSectionTitle(section: AdminSection | 'kitchen') {
  const { t } = useMessages(adminMessages)
  const restaurant = useRestaurant()
  const title = t(section)
  return { title, documentTitle: t('pageTitle', { page: title, place: restaurant.name }) }
}

/** A section whose screen is still being built: says so in the restaurant's words. */
export function SectionInProgress({ section }: { section: AdminSection }) {
  const { t } = useMessages(adminMessages)
  const { title, documentTitle } = useSectionTitle(section)
  return (
    <AdminPage title={title} documentTitle={documentTitle}>
      <div className="admin-panel">
        <p>
          <strong>{t('notBuilt')}</strong> {t('notBuiltText')}
        </p>
      </div>
    </AdminPage>
  )
}

/** A path under `admin/` that is no section: says so inside the back office's frame. */
export function SectionNotFound() {
  const { t } = useMessages(adminMessages)
  const restaurant = useRestaurant()
  const path = useLocation().pathname
  return (
    <AdminPage
      title={t('notFound')}
      documentTitle={t('pageTitle', { page: t('notFound'), place: restaurant.name })}
    >
      <div className="admin-panel">
        <p>{t('notFoundText', { path })}</p>
      </div>
    </AdminPage>
  )
}
