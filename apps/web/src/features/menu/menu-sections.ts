import type { Category, Dish, Menu, RestaurantMenu } from '@tableside/contracts/menu'

export interface MenuGroup {
  category: Category
  dishes: Dish[]
}

/** A top-level category with its own dishes and its nested categories as sub-headings. */
export interface MenuSection extends MenuGroup {
  subsections: MenuGroup[]
}

/**
 * The sections a menu shows, in menu order. A nested category joins its top-level ancestor;
 * categories with no dishes are left out.
 */
export function menuSections(menu: Menu, dishes: ReadonlyMap<string, Dish>): MenuSection[] {
  const byId = new Map(menu.categories.map((category) => [category.id, category]))
  const sections = new Map<string, MenuSection>()
  for (const category of menu.categories) {
    let root = category
    for (let depth = 0; root.parentId !== null && depth < 10; depth++) {
      const parent = byId.get(root.parentId)
      if (!parent) break
      root = parent
    }
    const group = {
      category,
      dishes: category.dishIds.flatMap((id) => dishes.get(id) ?? []),
    }
    const section = sections.get(root.id)
    if (!section) sections.set(root.id, { ...group, subsections: [] })
    else if (group.dishes.length > 0) section.subsections.push(group)
  }
  return [...sections.values()].filter(
    (section) => section.dishes.length > 0 || section.subsections.length > 0,
  )
}

export function dishesById(menu: RestaurantMenu): Map<string, Dish> {
  return new Map(menu.dishes.map((dish) => [dish.id, dish]))
}

/** Whether a menu is served at `time` (HH:MM on the restaurant's clock); hours may run past midnight (18:00–02:00). */
export function isServedAt({ servedFrom, servedUntil }: Menu, time: string): boolean {
  if (!servedFrom || !servedUntil) return true
  return servedFrom <= servedUntil
    ? time >= servedFrom && time < servedUntil
    : time >= servedFrom || time < servedUntil
}
