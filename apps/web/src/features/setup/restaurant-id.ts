import { inLatin } from '../../lib/latin'

/** The most a restaurant's id may be (`restaurantId` of the contract). */
const MAX_ID = 63

/**
 * A restaurant's address in links suggested from its name: Latin letters, digits and dashes,
 * as `/rest/{id}/menu` takes them (`Бистро «Ёлка» №2` → `bistro-elka-2`). Empty when the name
 * has nothing to make one of.
 */
export function suggestRestaurantId(name: string): string {
  return inLatin(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_ID)
    .replace(/-+$/, '')
}
