import type { Dish, ModifierGroup } from '@tableside/contracts/menu'

/** Chosen option ids per modifier group id. */
export type Selection = Readonly<Record<string, readonly string[]>>

/** A group with at most one choice and at least one required reads as radio buttons. */
export function isSingleChoice(group: ModifierGroup): boolean {
  return group.maxChoices === 1 && group.minChoices >= 1
}

/**
 * The group's choice after the diner taps an option: one choice replaces the other where only
 * one is allowed; a further choice is refused once the group is full; a sold-out option never.
 */
export function toggleOption(group: ModifierGroup, chosen: readonly string[], optionId: string) {
  const option = group.options.find((candidate) => candidate.id === optionId)
  if (!option?.available) return chosen
  if (chosen.includes(optionId)) {
    return isSingleChoice(group) ? chosen : chosen.filter((id) => id !== optionId)
  }
  if (group.maxChoices === 1) return [optionId]
  return chosen.length < group.maxChoices ? [...chosen, optionId] : chosen
}

/** The first group that still needs a choice, to say what is missing. */
export function firstUnmetGroup(dish: Dish, selection: Selection): ModifierGroup | undefined {
  return dish.modifierGroups.find((group) => (selection[group.id]?.length ?? 0) < group.minChoices)
}

/** The chosen options in menu order, as a cart line carries them. */
export function chosenOptionIds(dish: Dish, selection: Selection): string[] {
  return dish.modifierGroups.flatMap((group) =>
    group.options
      .filter((option) => selection[group.id]?.includes(option.id))
      .map((option) => option.id),
  )
}

/** One portion with its options, in minor units. */
export function unitPrice(dish: Dish, selection: Selection): number {
  return dish.modifierGroups.reduce(
    (sum, group) =>
      group.options.reduce(
        (groupSum, option) =>
          selection[group.id]?.includes(option.id) ? groupSum + option.priceDelta : groupSum,
        sum,
      ),
    dish.price,
  )
}
