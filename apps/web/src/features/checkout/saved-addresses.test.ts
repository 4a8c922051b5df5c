import { describe, expect, it } from 'vitest'
import type { ClientAddress } from '@tableside/contracts/client'
import type { DeliveryAddress } from '@tableside/contracts/orders'
import { NO_CONTACT } from './contact-memory'
import {
  NO_ADDRESS,
  addressFields,
  addressOffer,
  keepAddressIfAsked,
  matchingAddress,
  withProfile,
  type CheckoutDiner,
} from './saved-addresses'

const saved = (id: string, address: DeliveryAddress): ClientAddress => ({
  id,
  address,
  createdAt: '2026-11-20T10:00:00.000Z',
})
const home = saved('a1', { street: 'Тверская', house: '7', apartment: '12', intercom: '12К' })
const work = saved('a2', { street: 'Покровка', house: '17' })

/** A diner whose saved addresses the test reads back; `saveAddress` writes down what it got. */
function dinerWith(addresses: ClientAddress[], maxAddresses = 10) {
  const kept: DeliveryAddress[] = []
  const diner: CheckoutDiner = {
    name: 'Анна',
    phone: '+79161112233',
    addresses,
    maxAddresses,
    saveAddress: (address) => kept.push(address),
  }
  return { diner, kept }
}

describe('saved addresses at checkout', () => {
  it('fills every field from a saved address, empty where it has no part', () => {
    expect(addressFields(home.address)).toEqual({
      street: 'Тверская',
      house: '7',
      apartment: '12',
      entrance: '',
      floor: '',
      intercom: '12К',
    })
  })

  it('knows a saved address typed again with other case and spaces, but not a changed one', () => {
    const typed = { ...addressFields(home.address), street: ' тверская ', intercom: '12к' }
    expect(matchingAddress([work, home], typed)?.id).toBe('a1')
    expect(matchingAddress([work, home], { ...typed, apartment: '13' })).toBeUndefined()
    expect(matchingAddress([work, home], NO_ADDRESS)).toBeUndefined()
  })

  it('offers to save a new complete address, says when the profile is full, and nothing else', () => {
    const { diner } = dinerWith([home, work])
    const office = { ...NO_ADDRESS, street: 'Мясницкая', house: '20' }
    expect(addressOffer(diner, office)).toBe('save')
    expect(addressOffer(diner, { ...office, house: ' ' })).toBeNull()
    expect(addressOffer(diner, addressFields(work.address))).toBeNull()
    expect(addressOffer(dinerWith([home, work], 2).diner, office)).toBe('full')
  })

  it('saves the placed address only when asked and still new', () => {
    const { diner, kept } = dinerWith([home])
    const office = { street: 'Мясницкая', house: '20' }
    keepAddressIfAsked(diner, false, office)
    keepAddressIfAsked(diner, true, undefined)
    keepAddressIfAsked(diner, true, home.address)
    keepAddressIfAsked(null, true, office)
    expect(kept).toEqual([])
    keepAddressIfAsked(diner, true, office)
    expect(kept).toEqual([office])
  })

  it('starts from what this browser last ordered with, the profile filling what it never gave', () => {
    const { diner } = dinerWith([work, home])
    // A new phone: everything from the profile, the newest saved address first.
    expect(withProfile(NO_CONTACT, diner)).toEqual({
      name: 'Анна',
      phone: '+79161112233',
      ...addressFields(work.address),
    })
    // The diner typed another name, phone and address last time: those stay.
    const remembered = {
      ...NO_CONTACT,
      name: 'Аня',
      phone: '+79998887766',
      street: 'Мясницкая',
      house: '20',
    }
    expect(withProfile(remembered, diner)).toEqual(remembered)
    // A profile without a name or addresses leaves those empty.
    expect(withProfile(NO_CONTACT, { ...diner, name: null, addresses: [] })).toEqual({
      ...NO_CONTACT,
      phone: '+79161112233',
    })
  })
})
