import type { PlaceOrderBody } from '@tableside/contracts/orders'
import type { PaymentMethod } from '@tableside/contracts/restaurants'
import { isApiError } from '../../../lib/api-error'
import { formatPhone } from '../../../lib/masks'
import { ASAP, type CheckoutValues } from '../checkout-form'
import { readRememberedContact, type RememberedContact } from '../contact-memory'
import { withProfile, type CheckoutDiner } from '../saved-addresses'

/**
 * A fresh checkout: the contact this browser gave last time (a signed-in diner's profile
 * filling what it never gave), as soon as possible, cash.
 */
export function initialValues(
  methods: readonly PaymentMethod[],
  diner: CheckoutDiner | null,
): CheckoutValues {
  const remembered = diner ? withProfile(readRememberedContact(), diner) : readRememberedContact()
  return {
    ...remembered,
    phone: remembered.phone ? formatPhone(remembered.phone) : '',
    when: ASAP,
    guests: 2,
    comment: '',
    paymentMethod: methods[0] ?? 'cash',
  }
}

/** What to offer next time: the contact and address this order was placed with. */
export function rememberedFrom(
  body: PlaceOrderBody,
  values: CheckoutValues,
): Partial<RememberedContact> {
  if (!body.contact) return {}
  const { address } = body
  return {
    name: body.contact.name,
    phone: body.contact.phone,
    ...(address
      ? {
          street: address.street,
          house: address.house,
          apartment: values.apartment.trim(),
          entrance: values.entrance.trim(),
          floor: values.floor.trim(),
          intercom: values.intercom.trim(),
        }
      : {}),
  }
}

/** The restaurant offers no times to book (no such endpoint, or none for this type). */
export const isSlotsMissing = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 405)
