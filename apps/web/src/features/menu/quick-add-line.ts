import type { CartLine } from '@tableside/contracts/cart'
import type { Dish } from '@tableside/contracts/menu'
import { canQuickAdd, initialSelection } from './quick-add'

/**
 * What one tap on a dish's "+" puts in the cart, for screens other than the menu (Favourites):
 * one portion with the preselected options; null when the dish must be opened instead, for a
 * choice or, for an 18+ dish, the age check. The menu's cards apply the same rule inline: this
 * module stays out of the menu's first load (decision 0052).
 */
export function quickAddLine(dish: Dish, ageConfirmed: boolean): CartLine | null {
  if (!canQuickAdd(dish) || (dish.ageRestricted && !ageConfirmed)) return null
  return { dishId: dish.id, quantity: 1, optionIds: Object.values(initialSelection(dish)).flat() }
}
