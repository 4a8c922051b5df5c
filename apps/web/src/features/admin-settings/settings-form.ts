import {
  SMS_DAILY_BUDGET_MAX,
  type AdminSettings,
  type AdminSettingsBody,
} from '@tableside/contracts/admin-settings'
import type { FieldError } from '@tableside/contracts/errors'
import { closesTooLate, openingHoursClashes } from '@tableside/contracts/opening-hours'
import {
  KITCHEN_LEAD_MINUTES,
  type OrderType,
  type PaymentMethod,
} from '@tableside/contracts/restaurants'
import type { SettingsMessageKey } from './admin-settings-messages'

/** One opening period as typed: `day` 1 = Monday. */
export interface PeriodForm {
  day: number
  opens: string
  closes: string
}

/**
 * The settings as the form holds them: numbers as typed (money in whole roubles, shares in
 * percent), lists as chosen. Turned into the API's body only on save.
 */
export interface SettingsForm {
  timezone: string
  openingHours: PeriodForm[]
  orderTypes: OrderType[]
  paymentMethods: PaymentMethod[]
  onlinePayment: boolean
  kitchenBeforeOnlinePayment: boolean
  waiterRefunds: boolean
  tipPresets: string
  serviceChargePercent: string
  deliveryMinOrder: string
  deliveryFee: string
  deliveryFreeFrom: string
  deliveryLeadMinutes: string
  deliveryZoneRu: string
  deliveryZoneEn: string
  pickupLeadMinutes: string
  preorderLeadMinutes: string
  slotMinutes: string
  kitchenLeadMinutes: string
  tableSessionMinutes: string
  callEscalationSeconds: string
  /** The restaurant has a programme (on or off): it is kept, off, rather than never made. */
  bonusExists: boolean
  bonusActive: boolean
  bonusEarnPercent: string
  bonusMaxSharePercent: string
  bonusExpiryDays: string
  bonusWelcomePoints: string
  bonusBirthdayPoints: string
  privacyPolicyUrl: string
  smsDailyBudget: string
}

/** A field of the form, named as its error path is (`settings.delivery.fee` → `deliveryFee`). */
export type SettingsField = keyof SettingsForm | `openingHours.${number}.${'opens' | 'closes'}`
export type SettingsProblems = Partial<Record<SettingsField, SettingsMessageKey>>

const rubles = (minor: number) => String(minor / 100)
const percent = (basisPoints: number) => String(basisPoints / 100)

export function toForm(saved: AdminSettings): SettingsForm {
  const { settings, bonusProgram } = saved
  return {
    timezone: saved.timezone,
    openingHours: saved.openingHours.map(({ day, opens, closes }) => ({ day, opens, closes })),
    orderTypes: [...settings.orderTypes],
    paymentMethods: [...settings.paymentMethods],
    onlinePayment: settings.onlinePayment,
    kitchenBeforeOnlinePayment: settings.kitchenBeforeOnlinePayment,
    waiterRefunds: settings.waiterRefunds,
    tipPresets: settings.tipPresetsPercent.join(', '),
    serviceChargePercent: percent(settings.serviceChargeBasisPoints),
    deliveryMinOrder: rubles(settings.delivery.minOrder),
    deliveryFee: rubles(settings.delivery.fee),
    deliveryFreeFrom: settings.delivery.freeFrom === null ? '' : rubles(settings.delivery.freeFrom),
    deliveryLeadMinutes: String(settings.delivery.leadTimeMinutes),
    deliveryZoneRu: settings.delivery.zoneNote?.ru ?? '',
    deliveryZoneEn: settings.delivery.zoneNote?.en ?? '',
    pickupLeadMinutes: String(settings.pickup.leadTimeMinutes),
    preorderLeadMinutes: String(settings.preorder.leadTimeMinutes),
    slotMinutes: String(settings.preorder.slotMinutes),
    kitchenLeadMinutes: String(settings.kitchenLeadMinutes),
    tableSessionMinutes: String(settings.tableSessionMinutes),
    callEscalationSeconds: String(saved.callEscalationSeconds),
    bonusExists: bonusProgram !== null,
    bonusActive: bonusProgram?.active ?? false,
    bonusEarnPercent: percent(bonusProgram?.earnBasisPoints ?? 500),
    bonusMaxSharePercent: percent(bonusProgram?.maxShareBasisPoints ?? 3000),
    bonusExpiryDays: String(bonusProgram?.expiryDays ?? 180),
    bonusWelcomePoints: String(bonusProgram?.welcomePoints ?? 0),
    bonusBirthdayPoints: String(bonusProgram?.birthdayPoints ?? 0),
    privacyPolicyUrl: settings.privacyPolicyUrl ?? '',
    smsDailyBudget: String(saved.smsDailyBudget),
  }
}

/** Where each server error path shows on the form. */
const SERVER_FIELDS: Readonly<Record<string, keyof SettingsForm>> = {
  'body.timezone': 'timezone',
  'body.settings.orderTypes': 'orderTypes',
  'body.settings.paymentMethods': 'paymentMethods',
  'body.settings.onlinePayment': 'onlinePayment',
  'body.settings.kitchenBeforeOnlinePayment': 'kitchenBeforeOnlinePayment',
  'body.settings.waiterRefunds': 'waiterRefunds',
  'body.settings.tipPresetsPercent': 'tipPresets',
  'body.settings.serviceChargeBasisPoints': 'serviceChargePercent',
  'body.settings.delivery.minOrder': 'deliveryMinOrder',
  'body.settings.delivery.fee': 'deliveryFee',
  'body.settings.delivery.freeFrom': 'deliveryFreeFrom',
  'body.settings.delivery.leadTimeMinutes': 'deliveryLeadMinutes',
  'body.settings.delivery.zoneNote': 'deliveryZoneRu',
  'body.settings.pickup.leadTimeMinutes': 'pickupLeadMinutes',
  'body.settings.preorder.leadTimeMinutes': 'preorderLeadMinutes',
  'body.settings.preorder.slotMinutes': 'slotMinutes',
  'body.settings.kitchenLeadMinutes': 'kitchenLeadMinutes',
  'body.settings.tableSessionMinutes': 'tableSessionMinutes',
  'body.settings.privacyPolicyUrl': 'privacyPolicyUrl',
  'body.callEscalationSeconds': 'callEscalationSeconds',
  'body.bonusProgram.earnBasisPoints': 'bonusEarnPercent',
  'body.bonusProgram.maxShareBasisPoints': 'bonusMaxSharePercent',
  'body.bonusProgram.expiryDays': 'bonusExpiryDays',
  'body.bonusProgram.welcomePoints': 'bonusWelcomePoints',
  'body.bonusProgram.birthdayPoints': 'bonusBirthdayPoints',
  'body.smsDailyBudget': 'smsDailyBudget',
}

/**
 * The server's refusal on the fields it names; `unplaced` counts those the form cannot place
 * (their message is zod's English, never shown: issue 30).
 */
export function serverProblems(fields: readonly FieldError[]): {
  problems: SettingsProblems
  unplaced: number
} {
  const problems: SettingsProblems = {}
  let unplaced = 0
  for (const { path } of fields) {
    const hours = /^body\.openingHours\.(\d+)\.(opens|closes)$/.exec(path)
    if (hours) {
      problems[`openingHours.${Number(hours[1])}.${hours[2] as 'opens' | 'closes'}`] =
        'hoursOverlap'
      continue
    }
    const field = SERVER_FIELDS[path] ?? SERVER_FIELDS[path.replace(/\.\d+$/, '')]
    if (field) problems[field] = 'serverRefused'
    else unplaced += 1
  }
  return { problems, unplaced }
}

interface Range {
  min: number
  max: number
  /** Decimal places allowed: 2 for money, 2 for percent, 0 for counts. */
  places?: number
}

function numberIn(text: string, { min, max, places = 0 }: Range): number | null {
  const normalized = text.trim().replace(',', '.')
  const pattern = places === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${String(places)}})?$`)
  if (!pattern.test(normalized)) return null
  const value = Number(normalized)
  return value >= min && value <= max ? value : null
}

/** Minor units from roubles, exactly (12.30 → 1230). */
const minor = (value: number) => Math.round(value * 100)

/**
 * The body to save, or what is wrong, field by field. The same rules as the server's where the
 * form can judge (the shared opening-hours check among them); the server has the last word.
 */
export function fromForm(
  form: SettingsForm,
  /** The `version` of the settings the form was started from (decision 0074). */
  version: string,
): { body: AdminSettingsBody; problems: null } | { body: null; problems: SettingsProblems } {
  const problems: SettingsProblems = {}
  const need = (field: keyof SettingsForm, range: Range, key: SettingsMessageKey = 'number') => {
    const value = numberIn(form[field] as string, range)
    if (value === null) problems[field] = key
    return value ?? 0
  }
  const MONEY = { min: 0, max: 1_000_000, places: 2 }
  const minOrder = minor(need('deliveryMinOrder', MONEY, 'money'))
  const fee = minor(need('deliveryFee', MONEY, 'money'))
  const freeFrom =
    form.deliveryFreeFrom.trim() === '' ? null : minor(need('deliveryFreeFrom', MONEY, 'money'))
  if (freeFrom !== null && !problems.deliveryFreeFrom && freeFrom < minOrder) {
    problems.deliveryFreeFrom = 'freeFromBelowMinimum'
  }
  const serviceCharge = Math.round(
    need('serviceChargePercent', { min: 0, max: 30, places: 2 }, 'serviceChargeRange') * 100,
  )
  const tipTexts = form.tipPresets
    .split(/[,;\s]+/)
    .map((text) => text.trim())
    .filter((text) => text !== '')
  const tips = tipTexts.map((text) => numberIn(text, { min: 1, max: 50 }))
  if (tips.some((tip) => tip === null) || tips.length > 4) problems.tipPresets = 'tips'
  else if (new Set(tips).size !== tips.length) problems.tipPresets = 'tipsRepeat'
  if (form.orderTypes.length === 0) problems.orderTypes = 'chooseOne'
  if (form.paymentMethods.length === 0) problems.paymentMethods = 'chooseOne'
  else if (!form.onlinePayment && !form.paymentMethods.includes('cash')) {
    problems.paymentMethods = 'cashWhenOffline'
  }
  const privacy = form.privacyPolicyUrl.trim()
  if (privacy !== '' && !/^https:\/\/[^\s/]+\.\S+$/.test(privacy)) {
    problems.privacyPolicyUrl = 'httpsUrl'
  }
  if (form.timezone.trim() === '') problems.timezone = 'timezoneMissing'
  form.openingHours.forEach((period, index) => {
    if (closesTooLate(period)) problems[`openingHours.${index}.closes`] = 'hoursTooLate'
  })
  for (const clash of openingHoursClashes(form.openingHours)) {
    problems[`openingHours.${clash.index}.${clash.field}`] ??= 'hoursOverlap'
  }
  const zoneRu = form.deliveryZoneRu.trim()
  const zoneEn = form.deliveryZoneEn.trim()
  if (zoneEn !== '' && zoneRu === '') problems.deliveryZoneRu = 'zoneRussianFirst'
  const body: AdminSettingsBody = {
    version,
    timezone: form.timezone.trim(),
    openingHours: form.openingHours.map(({ day, opens, closes }) => ({ day, opens, closes })),
    settings: {
      orderTypes: form.orderTypes,
      paymentMethods: form.paymentMethods,
      onlinePayment: form.onlinePayment,
      kitchenBeforeOnlinePayment: form.kitchenBeforeOnlinePayment,
      waiterRefunds: form.waiterRefunds,
      tipPresetsPercent: tips.map((tip) => tip ?? 0),
      serviceChargeBasisPoints: serviceCharge,
      delivery: {
        minOrder,
        fee,
        freeFrom,
        leadTimeMinutes: need('deliveryLeadMinutes', { min: 0, max: 1440 }, 'minutes'),
        zoneNote: zoneRu === '' ? null : { ru: zoneRu, ...(zoneEn ? { en: zoneEn } : {}) },
      },
      pickup: { leadTimeMinutes: need('pickupLeadMinutes', { min: 0, max: 1440 }, 'minutes') },
      preorder: {
        leadTimeMinutes: need('preorderLeadMinutes', { min: 0, max: 20160 }, 'minutes'),
        slotMinutes: need('slotMinutes', { min: 5, max: 240 }, 'slotRange'),
      },
      kitchenLeadMinutes: need(
        'kitchenLeadMinutes',
        { min: KITCHEN_LEAD_MINUTES.min, max: KITCHEN_LEAD_MINUTES.max },
        'kitchenLeadRange',
      ),
      tableSessionMinutes: need('tableSessionMinutes', { min: 5, max: 1440 }, 'sessionRange'),
      privacyPolicyUrl: privacy === '' ? null : privacy,
    },
    callEscalationSeconds: need('callEscalationSeconds', { min: 10, max: 3600 }, 'escalationRange'),
    bonusProgram:
      form.bonusActive || form.bonusExists
        ? {
            active: form.bonusActive,
            earnBasisPoints: Math.round(
              need('bonusEarnPercent', { min: 0, max: 100, places: 2 }, 'percent') * 100,
            ),
            maxShareBasisPoints: Math.round(
              need('bonusMaxSharePercent', { min: 0, max: 100, places: 2 }, 'percent') * 100,
            ),
            expiryDays: need('bonusExpiryDays', { min: 1, max: 3650 }, 'days'),
            welcomePoints: need('bonusWelcomePoints', { min: 0, max: 100_000 }, 'points'),
            birthdayPoints: need('bonusBirthdayPoints', { min: 0, max: 100_000 }, 'points'),
          }
        : null,
    smsDailyBudget: need('smsDailyBudget', { min: 1, max: SMS_DAILY_BUDGET_MAX }, 'smsBudgetRange'),
  }
  return Object.keys(problems).length > 0 ? { body: null, problems } : { body, problems: null }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields the manager changed from the settings the form was started from. */
export function changedFields(form: SettingsForm, basis: SettingsForm): (keyof SettingsForm)[] {
  return (Object.keys(form) as (keyof SettingsForm)[]).filter((key) => !same(form[key], basis[key]))
}

/**
 * After a save refused as stale (someone else saved first): the manager's own changes put back,
 * field by field, over the settings as saved now; every other field keeps the new value.
 */
export function reapplyChanges(
  draft: SettingsForm,
  draftBasis: SettingsForm,
  fresh: SettingsForm,
): SettingsForm {
  // Whether a programme exists is the server's to say, never the form's.
  return changedFields(draft, draftBasis).reduce<SettingsForm>(
    (merged, key) => (key === 'bonusExists' ? merged : { ...merged, [key]: draft[key] }),
    fresh,
  )
}
