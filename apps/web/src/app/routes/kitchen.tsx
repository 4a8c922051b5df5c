import { KitchenBoard } from '../../features/kitchen/components/kitchen-board'
import { useKitchenSession, useStaffSignOut } from '../../features/staff/api/staff-session'
import { StaffFrame } from '../../features/staff/components/staff-frame'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { adminMessages } from '../layouts/admin-messages'
import { LanguageSwitch } from '../layouts/language-switch'

/** `/rest/:restaurant_id/kitchen`: the kitchen display (issue 17), behind the kitchen's sign-in. */
export function KitchenRoute() {
  const restaurantId = useRestaurantId()
  const restaurant = useRestaurant()
  const session = useKitchenSession()
  return (
    <StaffFrame
      role="kitchen"
      restaurantId={restaurantId}
      restaurantName={restaurant.name}
      session={session}
      languageSwitch={<LanguageSwitch />}
    >
      {() => (
        <KitchenBoard
          restaurantId={restaurantId}
          documentTitle={restaurant.name}
          timeZone={restaurant.timezone}
          signOut={
            <>
              <LanguageSwitch tone="dark" />
              <KitchenSignOut />
            </>
          }
        />
      )}
    </StaffFrame>
  )
}

function KitchenSignOut() {
  const { t } = useMessages(adminMessages)
  const signOut = useStaffSignOut('kitchen')
  return (
    <button
      type="button"
      className="kitchen-button"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
    >
      {t('signOut')}
    </button>
  )
}
