import { ClientSignIn } from '../../features/client/components/client-sign-in'
import { clientMessages } from '../../features/client/client-messages'
import { useMyOrderIds } from '../../features/orders/my-orders-store'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'

export function ClientAuthRoute() {
  const restaurantId = useRestaurantId()
  const { t } = useMessages(clientMessages)
  const orderIds = useMyOrderIds(restaurantId)
  return (
    <Screen title={t('signInTitle')}>
      <ClientSignIn restaurantId={restaurantId} orderIds={orderIds} />
    </Screen>
  )
}
