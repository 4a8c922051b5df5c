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

/** A dish goes to the cart from its card in one tap when it asks the diner to choose nothing. */
export function canQuickAdd(dish: Dish): boolean {
  return dish.available && dish.modifierGroups.every((group) => group.minChoices === 0)
}
