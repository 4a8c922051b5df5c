import { MENU_FILE_FORMAT, storedMenuFile, type MenuFile } from '@tableside/contracts/menu-file'
import type { MenuRows } from './menu-repository'

/** The restaurant's menu as a file `menu:import` takes back unchanged. */
export function menuFileFromRows(rows: NonNullable<MenuRows>): MenuFile {
  const given = <T>(value: T | null): T | undefined => value ?? undefined
  const dishesOf = (categoryId: string) =>
    rows.dishes
      .filter((d) => d.categoryId === categoryId)
      .map((d) => ({
        id: d.id,
        name: d.name,
        description: given(d.description),
        photo: given(d.photo),
        portion: given(d.portion),
        nutrition: given(d.nutrition),
        price: d.price,
        modifierGroups: d.modifierGroups,
        allergens: d.allergens,
        diet: d.diet,
        highlight: given(d.highlight),
        ageRestricted: d.ageRestricted,
        available: d.available,
        vatRate: given(d.vatRate),
      }))
  const categoriesOf = (menuId: string, parentId: string | null): unknown[] =>
    rows.categories
      .filter((c) => c.menuId === menuId && c.parentId === parentId)
      .map((c) => ({
        id: c.id,
        name: c.name,
        description: given(c.description),
        vatRate: given(c.vatRate),
        dishes: dishesOf(c.id),
        categories: categoriesOf(menuId, c.id),
      }))

  // Parsing through the contract turns the rows' loose types (text[] for enums) into the file's.
  return storedMenuFile.parse({
    format: MENU_FILE_FORMAT,
    menus: rows.menus.map((m) => ({
      id: m.id,
      name: m.name,
      description: given(m.description),
      servedFrom: given(m.servedFrom),
      servedUntil: given(m.servedUntil),
      categories: categoriesOf(m.id, null),
    })),
    stories: rows.stories.map((s) => ({
      id: s.id,
      title: s.title,
      caption: given(s.caption),
      media: s.media,
      dishId: given(s.dishId),
      durationMs: s.durationMs,
      startsAt: s.startsAt?.toISOString(),
      endsAt: s.endsAt?.toISOString(),
    })),
  })
}
