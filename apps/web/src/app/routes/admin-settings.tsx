import { SettingsScreen } from '../../features/admin-settings/components/settings-screen'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useSectionTitle } from './admin-section'

/** The symbol a restaurant's prices carry (₽ for RUB in ru-RU). */
function currencySymbol(locale: string, currency: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0)
  return parts.find((part) => part.type === 'currency')?.value ?? currency
}

/** `/rest/:restaurant_id/admin/settings`: the restaurant's settings, saved together (decision 0069). */
export function AdminSettingsRoute() {
  const { title, documentTitle } = useSectionTitle('settings')
  const { locale, currency, timezone } = useRestaurant()
  return (
    <SettingsScreen
      title={title}
      documentTitle={documentTitle}
      currencySymbol={currencySymbol(locale, currency)}
      restaurant={{ locale, currency, timezone }}
    />
  )
}
