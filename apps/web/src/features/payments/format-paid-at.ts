import type { Restaurant } from '@tableside/contracts/restaurants'
import { restaurantTime } from '../../lib/restaurant-time'

/** When a payment went through, on the restaurant's clock and in its locale: "02.05.2026, 19:30". */
export const formatPaidAt = (
  iso: string,
  { locale, timezone }: Pick<Restaurant, 'locale' | 'timezone'>,
): string =>
  restaurantTime(iso, timezone, locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
