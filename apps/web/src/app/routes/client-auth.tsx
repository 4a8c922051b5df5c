import { useSearchParams } from 'react-router'
import { paths } from '../../config/paths'
import { ClientSignIn } from '../../features/client/components/client-sign-in'
import { clientMessages } from '../../features/client/client-messages'
import { useMyOrderIds } from '../../features/orders/my-orders-store'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'

/** Screens that send the diner here to sign in and want them back (`?then=history`). */
const returnPaths = { history: paths.history } as const

const isReturnScreen = (name: string | null): name is keyof typeof returnPaths =>
  name !== null && Object.hasOwn(returnPaths, name)

export function ClientAuthRoute() {
  const restaurantId = useRestaurantId()
  const restaurant = useRestaurant()
  const { t } = useMessages(clientMessages)
  const orderIds = useMyOrderIds(restaurantId)
  const [params] = useSearchParams()
  const then = params.get('then')
  return (
    <Screen title={t('signInTitle')}>
      <ClientSignIn
        restaurantId={restaurantId}
        orderIds={orderIds}
        then={isReturnScreen(then) ? returnPaths[then](restaurantId) : undefined}
        privacyPolicyUrl={restaurant.settings.privacyPolicyUrl}
      />
    </Screen>
  )
}
