import { KITCHEN_LEAD_MINUTES, type RestaurantSettings } from '@tableside/contracts/restaurants'

/** What a restaurant gets until it says otherwise: dine-in and pickup, paid in cash. */
export const DEFAULT_RESTAURANT_SETTINGS: RestaurantSettings = {
  orderTypes: ['dine_in', 'pickup'],
  paymentMethods: ['cash'],
  onlinePayment: false,
  tipPresetsPercent: [5, 10, 15],
  serviceChargeBasisPoints: 0,
  delivery: { minOrder: 0, fee: 0, freeFrom: null, leadTimeMinutes: 60, zoneNote: null },
  pickup: { leadTimeMinutes: 20 },
  preorder: { leadTimeMinutes: 60, slotMinutes: 30 },
  tableSessionMinutes: 180,
  kitchenBeforeOnlinePayment: false,
  waiterRefunds: false,
  kitchenLeadMinutes: KITCHEN_LEAD_MINUTES.default,
}

/** Stored settings may predate a setting; each missing one takes its default. */
export function withDefaultSettings(stored: Partial<RestaurantSettings>): RestaurantSettings {
  return {
    ...DEFAULT_RESTAURANT_SETTINGS,
    ...stored,
    delivery: { ...DEFAULT_RESTAURANT_SETTINGS.delivery, ...stored.delivery },
    pickup: { ...DEFAULT_RESTAURANT_SETTINGS.pickup, ...stored.pickup },
    preorder: { ...DEFAULT_RESTAURANT_SETTINGS.preorder, ...stored.preorder },
  }
}
