import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { getRestaurantRoute, RESTAURANT_ID_PATTERN } from './first-screen-reads'
import { image, localizedText, money } from './text'

export const restaurantId = z
  .string()
  .check(
    z.regex(RESTAURANT_ID_PATTERN, 'A restaurant id is 1–63 lowercase letters, digits or dashes'),
  )

export const uiLanguage = z.enum(['ru', 'en'])
export type UiLanguage = z.infer<typeof uiLanguage>

export const orderType = z.enum(['dine_in', 'delivery', 'pickup', 'preorder'])
export type OrderType = z.infer<typeof orderType>

export const paymentMethod = z.enum(['cash', 'card', 'sbp'])
export type PaymentMethod = z.infer<typeof paymentMethod>

const clockTime = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM'))

/**
 * One day's opening hours in the restaurant's timezone. `day` is ISO (1 = Monday).
 * A `closes` earlier than `opens` runs past midnight (18:00–02:00).
 */
export const openingHours = z.object({
  day: z.int().check(z.gte(1), z.lte(7)),
  opens: clockTime,
  closes: clockTime,
})
export type OpeningHours = z.infer<typeof openingHours>

/** How long before it is due a scheduled order joins the kitchen's board: default and bounds. */
export const KITCHEN_LEAD_MINUTES = { default: 30, min: 5, max: 480 } as const

export const restaurantSettings = z.object({
  orderTypes: z.array(orderType),
  paymentMethods: z.array(paymentMethod),
  onlinePayment: z.boolean(),
  /** Tip suggestions in percent of the bill, e.g. [5, 10, 15]. */
  tipPresetsPercent: z.array(z.int().check(z.gte(1), z.lte(50))),
  /** Service charge in basis points of the subtotal (1000 = 10 %); 0 for none. */
  serviceChargeBasisPoints: z.int().check(z.gte(0), z.lte(3000)),
  delivery: z.object({
    minOrder: money,
    fee: money,
    /** A subtotal from which delivery is free; null when it never is. */
    freeFrom: z.nullable(money),
    leadTimeMinutes: z.int().check(z.gte(0)),
    zoneNote: z.nullable(localizedText),
  }),
  pickup: z.object({
    leadTimeMinutes: z.int().check(z.gte(0)),
  }),
  preorder: z.object({
    leadTimeMinutes: z.int().check(z.gte(0)),
    /** The slot size of every scheduled order type (delivery, pickup, pre-order). */
    slotMinutes: z.int().check(z.gte(5), z.lte(240)),
  }),
  /**
   * Whether a pickup, delivery or pre-order paid online may go to the kitchen before its money
   * has arrived (its payment pending, failed or given up). False: only once it is paid; an order
   * at a table goes either way, its guests are there to pay (issue 28, decision 0113).
   */
  kitchenBeforeOnlinePayment: z.boolean(),
  /**
   * Whether a waiter may cancel paid orders of their tables, refund or comp part of them and
   * refund tips, always with a reason (issue 28, decision 0119). Off: only a manager may.
   */
  waiterRefunds: z.boolean(),
  /**
   * A scheduled order (pickup, delivery or pre-order for a later time) waits in the kitchen's
   * "later" lane and joins the live board this many minutes before it is due (issue 30,
   * decision 0118).
   */
  kitchenLeadMinutes: z
    .int()
    .check(z.gte(KITCHEN_LEAD_MINUTES.min), z.lte(KITCHEN_LEAD_MINUTES.max)),
  /** A table session ends after this long without activity. */
  tableSessionMinutes: z.int().check(z.gte(5), z.lte(24 * 60)),
  /**
   * Where the restaurant's privacy policy is (an https address, checked where a manager sets it:
   * admin-settings.ts); absent or null: none.
   */
  privacyPolicyUrl: z.optional(z.nullable(z.string())),
})
export type RestaurantSettings = z.infer<typeof restaurantSettings>

export const restaurant = z.object({
  id: z.string(),
  /** In Russian; `nameEn` in English where the restaurant gave one (decision 0115). */
  name: z.string(),
  nameEn: z.optional(z.nullable(z.string())),
  description: z.nullable(localizedText),
  logo: z.nullable(image),
  address: z.nullable(z.string()),
  /** As people write it (`+7 495 123 45 67`); stored in E.164. */
  phone: z.nullable(z.string()),
  /** Who sells, as a diner has the right to know (the legal name and INN); null until set. */
  legalName: z.optional(z.nullable(z.string())),
  inn: z.optional(z.nullable(z.string())),
  /**
   * Whether its online payments carry a fiscal receipt (decision 0133): the diner is then asked
   * where to send it (an email or a phone) before paying.
   */
  receipts: z.optional(z.boolean()),
  /** BCP 47 tag used for prices and dates, e.g. `ru-RU`. */
  locale: z.string(),
  /** The language the restaurant's diners see first. */
  defaultLanguage: uiLanguage,
  /** ISO 4217, e.g. `RUB`. Money is always integer minor units. */
  currency: z.string(),
  timezone: z.string(),
  openingHours: z.array(openingHours),
  settings: restaurantSettings,
})
export type Restaurant = z.infer<typeof restaurant>

export const getRestaurant = defineEndpoint({
  ...getRestaurantRoute,
  summary: "A restaurant's public profile and settings",
  tags: ['restaurants'],
  params: z.object({ restaurantId }),
  response: restaurant,
})
