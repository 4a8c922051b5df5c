import type { Restaurant } from '@tableside/contracts/restaurants'
import type { SandboxPageData } from '../../features/sandbox-acquirer/api/get-sandbox-payment'
import { Outlet, useMatch, useNavigation, useRouteLoaderData } from 'react-router'
import { NavigationProgress } from '../../components/ui/page-loading'
import { useReplaceFirstScreen } from '../../lib/first-screen'
import {
  DocumentLanguage,
  RestaurantLanguageContext,
  useMessages,
} from '../../lib/i18n/use-translation'
import { appMessages } from '../app-messages'
import { UpdateBanner } from './update-banner'
import { useScrollRestoration } from './use-scroll-restoration'

function PendingNavigation() {
  const navigation = useNavigation()
  const { t } = useMessages(appMessages)
  return navigation.state === 'loading' ? <NavigationProgress label={t('loading')} /> : null
}

/** Wraps every page: the UI language, navigation progress and the new-version banner. */
export function RootLayout() {
  const restaurant = useRouteLoaderData<Restaurant>('restaurant')
  // The acquirer's page speaks as the shop asked: the diner's language in the app.
  const bankPage = useRouteLoaderData<SandboxPageData>('sandbox-payment')
  useScrollRestoration()
  // The server draws only the menu; any other screen (after a redirect) replaces it at once.
  useReplaceFirstScreen(useMatch('/rest/:restaurant_id/menu') === null)
  return (
    <RestaurantLanguageContext value={restaurant?.defaultLanguage ?? bankPage?.language}>
      <DocumentLanguage />
      <PendingNavigation />
      <Outlet />
      <UpdateBanner />
    </RestaurantLanguageContext>
  )
}
