import { AdminPage } from '../../components/admin/admin-page'
import { useKitchenSession } from '../../features/staff/api/staff-session'
import { StaffFrame } from '../../features/staff/components/staff-frame'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { adminMessages } from '../layouts/admin-messages'

/** `/rest/:restaurant_id/kitchen`: the kitchen display, behind the kitchen's own sign-in. */
export function KitchenRoute() {
  const restaurantId = useRestaurantId()
  const restaurant = useRestaurant()
  const session = useKitchenSession()
  const { t } = useMessages(adminMessages)
  return (
    <StaffFrame
      role="kitchen"
      restaurantId={restaurantId}
      restaurantName={restaurant.name}
      session={session}
    >
      {() => (
        <main id="main" className="admin__main">
          <AdminPage
            title={t('kitchen')}
            documentTitle={t('pageTitle', { page: t('kitchen'), place: restaurant.name })}
          >
            <div className="admin-panel">
              <p>
                <strong>{t('notBuilt')}</strong> {t('notBuiltText')}
              </p>
            </div>
          </AdminPage>
        </main>
      )}
    </StaffFrame>
  )
}
