import type { Restaurant, UiLanguage } from '@tableside/contracts/restaurants'

/** The restaurant's name in the diner's language: its English one where it gave one (0115). */
export const restaurantName = (
  restaurant: Pick<Restaurant, 'name' | 'nameEn'>,
  language: UiLanguage,
): string => (language === 'en' && restaurant.nameEn ? restaurant.nameEn : restaurant.name)
