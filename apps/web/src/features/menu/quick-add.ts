import type { Dish } from '@tableside/contracts/menu'

/** The options a dish opens with: the preselected ones still available, as many as each group allows. */
export function initialSelection(dish: Dish): Record<string, string[]> {
  return Object.fromEntries(
    dish.modifierGroups.map((group) => [
      group.id,
      group.options
        .filter((option) => option.preselected && option.available)
        .slice(0, group.maxChoices)
        .map((option) => option.id),
    ]),
  )
}

/**
 * A dish goes to the cart from its card in one tap when the diner has nothing left to choose:
 * every required group is already met by the restaurant's preselected options (a glass of wine,
 * small kvass). Steak without a doneness opens the dish instead.
 */
export function canQuickAdd(dish: Dish): boolean {
  const selection = initialSelection(dish)
  return (
    dish.available &&
    dish.modifierGroups.every((group) => (selection[group.id]?.length ?? 0) >= group.minChoices)
  )
}
