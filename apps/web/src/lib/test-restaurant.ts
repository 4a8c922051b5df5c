import type { Restaurant, RestaurantSettings } from '@tableside/contracts/restaurants'

/**
 * A restaurant for unit tests: the demo's, dining in only, taking cash, cards and SBP online,
 * with the fields a test does not care about filled in; `settings` replace some of its settings.
 */
export function testRestaurant({
  settings,
  ...overrides
}: Partial<Omit<Restaurant, 'settings'>> & {
  settings?: Partial<RestaurantSettings>
} = {}): Restaurant {
  return {
    id: 'demo',
    name: 'Bistro Demo',
    locale: 'ru-RU',
    defaultLanguage: 'ru',
    currency: 'RUB',
    timezone: 'Europe/Moscow',
    description: null,
    logo: null,
    address: null,
    phone: null,
    openingHours: [],
    ...overrides,
    settings: {
      orderTypes: ['dine_in'],
      paymentMethods: ['cash', 'card', 'sbp'],
      onlinePayment: true,
      tipPresetsPercent: [5, 10, 15],
      serviceChargeBasisPoints: 0,
      delivery: { minOrder: 0, fee: 0, freeFrom: null, leadTimeMinutes: 60, zoneNote: null },
      pickup: { leadTimeMinutes: 20 },
      preorder: { leadTimeMinutes: 60, slotMinutes: 30 },
      tableSessionMinutes: 180,
      kitchenBeforeOnlinePayment: false,
      waiterRefunds: false,
      kitchenLeadMinutes: 30,
      ...settings,
    },
  }
}
