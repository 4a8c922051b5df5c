import type { Restaurant } from '@tableside/contracts/restaurants'
import { Outlet, useNavigation, useRouteLoaderData } from 'react-router'
import { NavigationProgress } from '../../components/ui/page-loading'
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
  useScrollRestoration()
  return (
    <RestaurantLanguageContext value={restaurant?.defaultLanguage}>
      <DocumentLanguage />
      <PendingNavigation />
      <Outlet />
      <UpdateBanner />
    </RestaurantLanguageContext>
  )
}
