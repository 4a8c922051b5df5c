import type { LocalizedText } from '@tableside/contracts/text'
import type { DishFile, MenuFileMenu } from '@tableside/contracts/menu-file'
import { treeRows } from './menu-tree'

const lacksEnglish = (text: LocalizedText | undefined) => text !== undefined && !text.en

/**
 * How many of a dish's texts a diner reading English sees in Russian: its name, description,
 * add-on groups and add-ons without an English version (issue 30).
 */
export function untranslatedTexts(dish: DishFile): number {
  const texts = [
    dish.name,
    dish.description,
    ...dish.modifierGroups.flatMap((group) => [group.name, ...group.options.map((o) => o.name)]),
  ]
  return texts.filter(lacksEnglish).length
}

/** The dishes of a menu, in every category, with a text a diner reading English sees in Russian. */
export function untranslatedDishes(menu: MenuFileMenu): DishFile[] {
  return treeRows(menu).flatMap(({ category }) =>
    category.dishes.filter((dish) => untranslatedTexts(dish) > 0),
  )
}
