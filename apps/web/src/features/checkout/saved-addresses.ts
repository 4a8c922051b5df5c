import type { ClientAddress } from '@tableside/contracts/client'
import type { DeliveryAddress } from '@tableside/contracts/orders'
import type { RememberedContact } from './contact-memory'

/**
 * The signed-in diner as the checkout sees them. The app layer passes it in: checkout imports
 * nothing of the profile's feature (decision 0034).
 */
export interface CheckoutDiner {
  name: string | null
  /** E.164. */
  phone: string
  /** The profile's saved delivery addresses, newest first. */
  addresses: readonly ClientAddress[]
  /** How many addresses a profile may keep (the server refuses one more). */
  maxAddresses: number
  /** Saves an address to the profile in the background; a failure is nobody's problem here. */
  saveAddress: (address: DeliveryAddress) => void
}

export const ADDRESS_PARTS = [
  'street',
  'house',
  'apartment',
  'entrance',
  'floor',
  'intercom',
] as const
export type AddressPart = (typeof ADDRESS_PARTS)[number]
export type AddressValues = Pick<RememberedContact, AddressPart>

/** A saved address as the checkout's fields: every part, empty where it has none. */
export function addressFields(address: DeliveryAddress): AddressValues {
  return {
    street: address.street,
    house: address.house,
    apartment: address.apartment ?? '',
    entrance: address.entrance ?? '',
    floor: address.floor ?? '',
    intercom: address.intercom ?? '',
  }
}

export const NO_ADDRESS: AddressValues = addressFields({ street: '', house: '' })

export const isAddressEmpty = (values: AddressValues) =>
  ADDRESS_PARTS.every((part) => values[part].trim() === '')

/** "Тверская ул." typed again as "тверская  ул." is the same place. */
const comparable = (value: string | undefined) =>
  (value ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru')

/** The saved address the fields now hold, if they hold one. */
export function matchingAddress(
  saved: readonly ClientAddress[],
  values: AddressValues,
): ClientAddress | undefined {
  return saved.find(({ address }) =>
    ADDRESS_PARTS.every((part) => comparable(address[part]) === comparable(values[part])),
  )
}

/**
 * What is offered under a new, complete address: to save it to the profile while the profile
 * has room for one more, else a word that it is full (the server would refuse one more).
 */
export function addressOffer(diner: CheckoutDiner, values: AddressValues): 'save' | 'full' | null {
  if (!values.street.trim() || !values.house.trim()) return null
  if (matchingAddress(diner.addresses, values)) return null
  return diner.addresses.length < diner.maxAddresses ? 'save' : 'full'
}

/**
 * After the order is placed, never before: keeping the address must not hold up or fail the
 * order. Saved only if it is still new (the diner may have picked a saved one since ticking).
 */
export function keepAddressIfAsked(
  diner: CheckoutDiner | null,
  asked: boolean,
  address: DeliveryAddress | undefined,
): void {
  if (asked && diner && address && addressOffer(diner, addressFields(address)) === 'save') {
    diner.saveAddress(address)
  }
}

/** `Тверская, 7`: how a saved address is named on its card. */
export const addressTitle = (address: DeliveryAddress) => `${address.street}, ${address.house}`

/**
 * What a signed-in diner's checkout starts from. This browser's last order wins where it gave
 * something: the diner typed it, perhaps another phone for the courier or a new address, and
 * expects to see what they ordered with last time. The profile fills what this browser never
 * gave (a new phone, a cleared browser): its name and the phone signed in with, and the newest
 * saved address when no address is remembered at all.
 */
export function withProfile(
  remembered: RememberedContact,
  diner: CheckoutDiner,
): RememberedContact {
  const newest = diner.addresses[0]
  return {
    ...remembered,
    name: remembered.name || (diner.name ?? ''),
    phone: remembered.phone || diner.phone,
    ...(isAddressEmpty(remembered) && newest ? addressFields(newest.address) : {}),
  }
}
