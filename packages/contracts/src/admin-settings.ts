import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { openingHours, restaurantSettings } from './restaurants'

/**
 * The restaurant's settings as its manager edits them (issue 17, decision 0069): the diners'
 * profile settings, the opening hours and time zone, the waiters' call escalation and the bonus
 * programme, each kept where it lived before.
 */

/** The bonus programme's rules; null in the settings when the restaurant has none. */
export const bonusProgramSettings = z.object({
  /** Off: no points are earned or spent, cards keep their balance. */
  active: z.boolean(),
  /** Points earned on the money paid, in basis points (500 = 5 %). */
  earnBasisPoints: z.int().check(z.gte(0), z.lte(10_000)),
  /** The largest share of an order payable in points, in basis points (3000 = 30 %). */
  maxShareBasisPoints: z.int().check(z.gte(0), z.lte(10_000)),
  expiryDays: z.int().check(z.gte(1), z.lte(3650)),
  welcomePoints: z.int().check(z.gte(0), z.lte(100_000)),
  birthdayPoints: z.int().check(z.gte(0), z.lte(100_000)),
})
export type BonusProgramSettings = z.infer<typeof bonusProgramSettings>

/** An address on the web a restaurant links to. */
export const httpsUrl = z
  .string()
  .check(
    z.trim(),
    z.maxLength(500, 'An address is at most 500 characters'),
    z.regex(/^https:\/\/[^\s/]+\.\S+$/, 'An address starts with https://'),
  )

/** The diners' settings, the privacy policy's address always said (null: none). */
// The shape spread, not z.extend(): zod's object helpers would join the diners' first load.
export const adminRestaurantSettings = z.object({
  ...restaurantSettings.shape,
  privacyPolicyUrl: z.nullable(httpsUrl),
})

/** An IANA time zone name; the server checks that its database knows it (`listTimeZones`). */
export const timeZoneName = z.string().check(z.minLength(1), z.maxLength(64))

/**
 * Which state of the settings a form was made from (decision 0074): opaque, and new whenever
 * the settings change. A save names the one it read; a stale one is 409 `settings_changed`.
 */
export const settingsVersion = z.string().check(z.minLength(1), z.maxLength(64))

/**
 * Sign-in codes by SMS a restaurant sends a day, in its own time zone (issue 27, decision
 * 0109): a new restaurant's budget, and the most a manager may set. A busy room signs in a few
 * dozen diners a day (a profile stays signed in for 30 days); the cap bounds what a mistyped
 * budget, or a manager's stolen sign-in, can cost.
 */
export const SMS_DAILY_BUDGET_DEFAULT = 200
export const SMS_DAILY_BUDGET_MAX = 10_000
/** From this share of a day's budget the back office warns its managers. */
export const SMS_BUDGET_WARN_PERCENT = 80

/** Most periods a week can have: a few a day. */
export const MAX_OPENING_PERIODS = 28
/** Most tip suggestions the bill shows. */
export const MAX_TIP_PRESETS = 4

export const adminSettingsBody = z.object({
  /** The `version` of the settings this body was edited from. */
  version: settingsVersion,
  timezone: timeZoneName,
  /**
   * Periods by ISO weekday. A `closes` earlier than `opens` closes the next day (18:00–02:00);
   * equal times mean round the clock. The server refuses periods that overlap.
   */
  openingHours: z.array(openingHours).check(z.maxLength(MAX_OPENING_PERIODS)),
  settings: adminRestaurantSettings,
  /** How long a call waits for its table's waiters before every waiter on shift hears it. */
  callEscalationSeconds: z.int().check(z.gte(10), z.lte(3600)),
  bonusProgram: z.nullable(bonusProgramSettings),
  /** Sign-in codes by SMS the restaurant sends a day; past it, diners are told to come back tomorrow. */
  smsDailyBudget: z.int().check(z.gte(1), z.lte(SMS_DAILY_BUDGET_MAX)),
})
export type AdminSettingsBody = z.infer<typeof adminSettingsBody>

export const adminSettings = z.object({
  /** Sent back with a save, so a save made from older settings is refused (decision 0074). */
  version: z.string(),
  timezone: z.string(),
  openingHours: z.array(openingHours),
  settings: adminRestaurantSettings,
  callEscalationSeconds: z.int(),
  bonusProgram: z.nullable(bonusProgramSettings),
  smsDailyBudget: z.int(),
  /**
   * Who takes this restaurant's online payments, set by the server's configuration
   * (`PAYMENT_PROVIDER`, decision 0032): `sandbox` (test payments) or null (none: online payment
   * stays off whatever the setting).
   */
  paymentProvider: z.nullable(z.enum(['sandbox', 'yookassa', 'tbank'])),
})
export type AdminSettings = z.infer<typeof adminSettings>

export const getAdminSettings = defineEndpoint({
  method: 'GET',
  path: '/admin/settings',
  summary: "The restaurant's settings as its manager edits them",
  tags: ['admin'],
  status: 200,
  response: adminSettings,
})

export const updateAdminSettings = defineEndpoint({
  method: 'PUT',
  path: '/admin/settings',
  summary:
    "Replaces the restaurant's settings; they take effect at once and open diners' screens follow. A body whose version is no longer the settings' is 409 settings_changed and changes nothing",
  tags: ['admin'],
  body: adminSettingsBody,
  status: 200,
  response: adminSettings,
})

/** The time zones a save takes: those both the database and the server's runtime know. */
export const timeZoneList = z.object({ timeZones: z.array(z.string()) })

export const listTimeZones = defineEndpoint({
  method: 'GET',
  path: '/admin/settings/time-zones',
  summary: 'The time zones the settings take, sorted by name',
  tags: ['admin'],
  status: 200,
  response: timeZoneList,
})

/** Codes sent on a day against that day's budget. */
export const smsBudgetDay = z.object({
  /** `YYYY-MM-DD`. */
  day: z.string(),
  sent: z.int(),
  budget: z.int(),
})
export type SmsBudgetDay = z.infer<typeof smsBudgetDay>

/**
 * Today's sign-in codes by SMS (decision 0109): the restaurant's, on its day in its time zone,
 * and the whole server's (every restaurant on it together; `SMS_DAILY_BUDGET`), on the UTC day.
 */
export const adminSmsBudget = z.object({
  restaurant: smsBudgetDay,
  server: smsBudgetDay,
})
export type AdminSmsBudget = z.infer<typeof adminSmsBudget>

export const getAdminSmsBudget = defineEndpoint({
  method: 'GET',
  path: '/admin/sms-budget',
  summary:
    "Sign-in codes sent by SMS today against the restaurant's daily budget and the whole server's",
  tags: ['admin'],
  status: 200,
  response: adminSmsBudget,
})
