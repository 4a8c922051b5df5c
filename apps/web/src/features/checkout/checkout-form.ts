import type { CartLine } from '@tableside/contracts/cart'
import type { FieldError } from '@tableside/contracts/errors'
import { MAX_GUESTS, type PlaceOrderBody } from '@tableside/contracts/orders'
import type { OrderType, PaymentMethod } from '@tableside/contracts/restaurants'
import { isCompletePhone, normalizePhoneInput } from '../../lib/masks'
import type { RememberedContact } from './contact-memory'

/** What the diner typed and chose; `when` is "asap", a slot's instant, or none yet. */
export interface CheckoutValues extends RememberedContact {
  when: string
  guests: number
  comment: string
  paymentMethod: PaymentMethod
}

export const ASAP = 'asap'
/** No time chosen yet: another day than today was picked, or the chosen time was refused. */
export const NO_TIME = ''

/** The form's fields in the order they appear, so the first bad one is focused. */
export const CHECKOUT_FIELDS = [
  'type',
  'name',
  'phone',
  'street',
  'house',
  'apartment',
  'entrance',
  'floor',
  'intercom',
  'when',
  'guests',
  'comment',
  'paymentMethod',
] as const
export type CheckoutField = (typeof CHECKOUT_FIELDS)[number]

/** A problem with a field, as a message key (the client's) or as the server's words. */
export type FieldProblem = { key: ProblemKey } | { text: string }
export type ProblemKey =
  | 'nameRequired'
  | 'phoneIncomplete'
  | 'streetRequired'
  | 'houseRequired'
  | 'whenRequired'
  | 'guestsRange'
export type FieldProblems = Partial<Record<CheckoutField, FieldProblem>>

export const needsContact = (type: OrderType) => type !== 'dine_in'
export const needsAddress = (type: OrderType) => type === 'delivery'
export const isScheduled = (type: OrderType) => type !== 'dine_in'

/** `+7 (912) 345-67-89` → `+79123456789`, the form the API takes. */
export function phoneForApi(masked: string): string {
  const digits = normalizePhoneInput(masked).replace(/\D/g, '')
  return `+${digits}`
}

/** What can be checked before asking the server: every problem at once. */
export function checkoutProblems(
  type: OrderType,
  values: CheckoutValues,
  schedule: {
    /** False when "as soon as possible" cannot be chosen now, or not on the day on show. */
    asapAllowed: boolean
    /** The slots on offer now; null when not known (a chosen slot is then taken as is). */
    offeredSlots: readonly string[] | null
  },
): FieldProblems {
  const problems: FieldProblems = {}
  if (needsContact(type)) {
    if (!values.name.trim()) problems.name = { key: 'nameRequired' }
    if (!isCompletePhone(values.phone)) problems.phone = { key: 'phoneIncomplete' }
  }
  if (needsAddress(type)) {
    if (!values.street.trim()) problems.street = { key: 'streetRequired' }
    if (!values.house.trim()) problems.house = { key: 'houseRequired' }
  }
  if (isScheduled(type)) {
    const asap = values.when === ASAP
    if (
      values.when === NO_TIME ||
      (asap && (type === 'preorder' || !schedule.asapAllowed)) ||
      (!asap && schedule.offeredSlots !== null && !schedule.offeredSlots.includes(values.when))
    ) {
      problems.when = { key: 'whenRequired' }
    }
  }
  if (
    type === 'preorder' &&
    (!Number.isInteger(values.guests) || values.guests < 1 || values.guests > MAX_GUESTS)
  ) {
    problems.guests = { key: 'guestsRange' }
  }
  return problems
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined)

/** The order as the API takes it; `expectedTotal` is the total the diner saw. */
export function toPlaceOrderBody(input: {
  type: OrderType
  lines: readonly CartLine[]
  values: CheckoutValues
  tableSessionId: string | null
  expectedTotal: number
  /** Bonus points to spend; 0 or absent spends none. */
  bonusPoints?: number
}): PlaceOrderBody {
  const { type, values } = input
  const body: PlaceOrderBody = {
    type,
    lines: [...input.lines],
    paymentMethod: values.paymentMethod,
    expectedTotal: input.expectedTotal,
  }
  const comment = optional(values.comment)
  if (comment) body.comment = comment
  if (type === 'dine_in' && input.tableSessionId) body.tableSessionId = input.tableSessionId
  if (needsContact(type)) {
    body.contact = { name: values.name.trim(), phone: phoneForApi(values.phone) }
  }
  if (needsAddress(type)) {
    const address: NonNullable<PlaceOrderBody['address']> = {
      street: values.street.trim(),
      house: values.house.trim(),
    }
    for (const part of ['apartment', 'entrance', 'floor', 'intercom'] as const) {
      const value = optional(values[part])
      if (value) address[part] = value
    }
    body.address = address
  }
  if (isScheduled(type)) body.scheduledFor = values.when === ASAP ? null : values.when
  if (type === 'preorder') body.guests = values.guests
  if (input.bonusPoints) body.bonusPoints = input.bonusPoints
  return body
}

const SERVER_PATHS: Readonly<Record<string, CheckoutField>> = {
  'body.type': 'type',
  'body.tableSessionId': 'type',
  'body.contact': 'name',
  'body.contact.name': 'name',
  'body.contact.phone': 'phone',
  'body.address': 'street',
  'body.address.street': 'street',
  'body.address.house': 'house',
  'body.address.apartment': 'apartment',
  'body.address.entrance': 'entrance',
  'body.address.floor': 'floor',
  'body.address.intercom': 'intercom',
  'body.scheduledFor': 'when',
  'body.guests': 'guests',
  'body.comment': 'comment',
  'body.paymentMethod': 'paymentMethod',
}

/** The server's field errors (`body.contact.phone`) beside the fields they name. */
export function serverFieldProblems(fields: readonly FieldError[]): FieldProblems {
  const problems: FieldProblems = {}
  for (const { path, message } of fields) {
    const field = SERVER_PATHS[path]
    if (field && !problems[field]) problems[field] = { text: message }
  }
  return problems
}

/** Indexes of cart lines the server named (`body.lines.2`), e.g. sold out since. */
export function problemLineIndexes(fields: readonly FieldError[]): number[] {
  return fields.flatMap(({ path }) => {
    const match = /^body\.lines\.(\d+)/.exec(path)
    return match ? [Number(match[1])] : []
  })
}

export function firstProblemField(problems: FieldProblems): CheckoutField | undefined {
  return CHECKOUT_FIELDS.find((field) => problems[field] !== undefined)
}

export const fieldId = (field: CheckoutField) => `checkout-${field}`
export const fieldErrorId = (field: CheckoutField) => `checkout-${field}-error`
