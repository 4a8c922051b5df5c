import { describe, expect, it } from 'vitest'
import type { DishFile, MenuFileMenu } from '@tableside/contracts/menu-file'
import { untranslatedDishes, untranslatedTexts } from './translations'

const dish = (id: string, overrides: Partial<DishFile> = {}): DishFile => ({
  id,
  name: { ru: `Блюдо ${id}`, en: `Dish ${id}` },
  price: 10_000,
  modifierGroups: [],
  allergens: [],
  diet: [],
  ageRestricted: false,
  available: true,
  ...overrides,
})

describe('texts without English', () => {
  it('counts the name, the description, add-on groups and add-ons a diner would read in Russian', () => {
    expect(untranslatedTexts(dish('full'))).toBe(0)
    expect(untranslatedTexts(dish('name', { name: { ru: 'Окрошка' } }))).toBe(1)
    expect(
      untranslatedTexts(
        dish('all', {
          name: { ru: 'Окрошка' },
          description: { ru: 'На квасе' },
          modifierGroups: [
            {
              id: 'size',
              name: { ru: 'Размер', en: 'Size' },
              minChoices: 0,
              maxChoices: 1,
              options: [
                { id: 'big', name: { ru: 'Большая' }, priceDelta: 100 },
                { id: 'small', name: { ru: 'Малая', en: 'Small' }, priceDelta: 0 },
              ],
            },
          ],
        } as Partial<DishFile>),
      ),
    ).toBe(3)
  })

  it('finds such dishes in every category of a menu, nested ones too', () => {
    const menu = {
      id: 'main',
      name: { ru: 'Основное' },
      categories: [
        {
          id: 'soups',
          name: { ru: 'Супы' },
          dishes: [dish('borscht'), dish('okroshka', { name: { ru: 'Окрошка' } })],
          categories: [
            {
              id: 'cold',
              name: { ru: 'Холодные' },
              dishes: [dish('botvinya', { description: { ru: 'Старинный суп' } })],
              categories: [],
            },
          ],
        },
      ],
    } as unknown as MenuFileMenu
    expect(untranslatedDishes(menu).map((d) => d.id)).toEqual(['okroshka', 'botvinya'])
  })
})
