import type { AdminSettingsBody } from '@tableside/contracts/admin-settings'
import type { FieldError } from '@tableside/contracts/errors'
import {
  closesTooLate,
  LATEST_NEXT_DAY_CLOSE,
  openingHoursClashes,
} from '@tableside/contracts/opening-hours'
import type { OpeningHours, PaymentMethod } from '@tableside/contracts/restaurants'

const DAY_MINUTES = 24 * 60
const ONLINE_METHODS: readonly PaymentMethod[] = ['card', 'sbp']
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** Overlapping periods as field errors, on the field that runs into the other period. */
export function openingHoursErrors(hours: readonly OpeningHours[]): FieldError[] {
  const late = hours.flatMap((period, index) =>
    closesTooLate(period)
      ? [
          {
            path: `body.openingHours.${String(index)}.closes`,
            message: `Closes the next day after ${LATEST_NEXT_DAY_CLOSE}`,
          },
        ]
      : [],
  )
  return late.concat(
    openingHoursClashes(hours).map(({ index, field, other }) => {
      const period = hours[other]
      const when = period ? `${DAYS[period.day - 1] ?? ''} ${period.opens}–${period.closes}` : ''
      return {
        path: `body.openingHours.${String(index)}.${field}`,
        message: `Overlaps ${when}`,
      }
    }),
  )
}

/** What the schema cannot say: repeats, hours, online payment without a provider. */
export function settingsErrors(
  body: AdminSettingsBody,
  context: { knowsTimeZone: (zone: string) => boolean; hasPaymentProvider: boolean },
): FieldError[] {
  const errors: FieldError[] = []
  const { settings } = body
  const once = (path: string, values: readonly (string | number)[], what: string) => {
    if (new Set(values).size !== values.length)
      errors.push({ path, message: `Name each ${what} once` })
  }
  if (!context.knowsTimeZone(body.timezone)) {
    errors.push({ path: 'body.timezone', message: 'No such time zone (e.g. Europe/Moscow)' })
  }
  errors.push(...openingHoursErrors(body.openingHours))
  if (settings.orderTypes.length === 0) {
    errors.push({ path: 'body.settings.orderTypes', message: 'Choose at least one order type' })
  }
  once('body.settings.orderTypes', settings.orderTypes, 'order type')
  if (settings.paymentMethods.length === 0) {
    errors.push({ path: 'body.settings.paymentMethods', message: 'Choose at least one way to pay' })
  }
  once('body.settings.paymentMethods', settings.paymentMethods, 'way to pay')
  once('body.settings.tipPresetsPercent', settings.tipPresetsPercent, 'tip')
  if (settings.tipPresetsPercent.length > 4) {
    errors.push({ path: 'body.settings.tipPresetsPercent', message: 'At most 4 tips' })
  }
  if (settings.onlinePayment && !context.hasPaymentProvider) {
    errors.push({
      path: 'body.settings.onlinePayment',
      message: 'This server takes no online payments (PAYMENT_PROVIDER)',
    })
  }
  if (
    !settings.onlinePayment &&
    settings.paymentMethods.length > 0 &&
    settings.paymentMethods.every((method) => ONLINE_METHODS.includes(method))
  ) {
    errors.push({
      path: 'body.settings.paymentMethods',
      message: 'With online payment off, cash is the only way to pay',
    })
  }
  const { freeFrom, minOrder } = settings.delivery
  if (freeFrom !== null && freeFrom < minOrder) {
    errors.push({
      path: 'body.settings.delivery.freeFrom',
      message: 'Free delivery starts at or above the minimum order',
    })
  }
  if (settings.preorder.leadTimeMinutes > 14 * DAY_MINUTES) {
    errors.push({ path: 'body.settings.preorder.leadTimeMinutes', message: 'At most 14 days' })
  }
  for (const key of ['delivery', 'pickup'] as const) {
    if (settings[key].leadTimeMinutes > DAY_MINUTES) {
      errors.push({ path: `body.settings.${key}.leadTimeMinutes`, message: 'At most 24 hours' })
    }
  }
  return errors
}
