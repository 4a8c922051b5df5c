import { AnonymousProfile, SignedInProfile } from '../../features/client/components/client-profile'
import { useClientMe } from '../../features/client/api/client-me'
import { clientMessages } from '../../features/client/client-messages'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'

export function ClientRoute() {
  const restaurantId = useRestaurantId()
  const restaurant = useRestaurant()
  const { t } = useMessages(clientMessages)
  const me = useClientMe()
  return (
    <Screen title={t('profileTitle')}>
      {me.data ? (
        <SignedInProfile
          key={me.data.id}
          client={me.data}
          restaurantId={restaurantId}
          timeZone={restaurant.timezone}
        />
      ) : me.isPending ? null : (
        <AnonymousProfile restaurantId={restaurantId} />
      )}
    </Screen>
  )
}
