import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { GarconBonusCard } from '@tableside/contracts/bonus'
import type { Waiter } from '@tableside/contracts/garcon'
import { HttpError } from '../../http/http-error'
import type { BonusLedger } from './bonus-ledger'
import type { BonusLookupRepository } from './bonus-lookup-repository'

/** Every miss reads the same: the answer never tells a card of another restaurant from none. */
const noSuchCard = () =>
  new HttpError(404, 'not_found', 'No bonus card with this number. Карты с таким номером нет.')

/** The first word of the profile's name: enough to greet the diner, not to name them in full. */
export function firstNameOf(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0]
  return first ? first : null
}

/**
 * The phone with all but its last four digits hidden, grouped as a Russian number is written
 * (`+7 ••• •••-12-34`); any other keeps its country code and the same ending.
 */
export function maskedPhone(e164: string): string {
  const ending = `${e164.slice(-4, -2)}-${e164.slice(-2)}`
  const parsed = parsePhoneNumberFromString(e164)
  const code = parsed?.countryCallingCode ?? ''
  const hidden = Math.max(0, (parsed?.nationalNumber.length ?? e164.length - 1) - 4)
  if (code === '7' && hidden === 6) return `+7 ••• •••-${ending}`
  return `+${code}${code ? ' ' : ''}${'•'.repeat(hidden)}-${ending}`
}

/**
 * A waiter looks up a card of their restaurant by the number the diner shows (decision 0059):
 * whose it is, masked, and its points. The restaurant is the waiter's, never the request's.
 */
export function createBonusLookupService({
  repository,
  ledger,
}: {
  repository: BonusLookupRepository
  ledger: BonusLedger
}) {
  return {
    async lookup(waiter: Waiter, number: string): Promise<GarconBonusCard> {
      const found = await repository.cardByNumber(waiter.restaurantId, number)
      if (!found) throw noSuchCard()
      const card = await ledger.card(found.id)
      // Its profile erased between the two reads: the card went with it.
      if (!card) throw noSuchCard()
      return {
        number: found.number,
        firstName: firstNameOf(found.name),
        phone: maskedPhone(found.phone),
        balance: card.balance,
        pending: card.pending,
        nextExpiry: card.nextExpiry
          ? { points: card.nextExpiry.points, at: card.nextExpiry.at.toISOString() }
          : null,
      }
    },
  }
}

export type BonusLookupService = ReturnType<typeof createBonusLookupService>
