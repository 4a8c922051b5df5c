import type { Dish } from '@tableside/contracts/menu'

/** A dish for unit tests, with the fields a test does not care about filled in. */
export function testDish(overrides: Partial<Dish> & Pick<Dish, 'id'>): Dish {
  return {
    categoryId: 'mains',
    name: { ru: overrides.id },
    description: null,
    photo: null,
    portion: null,
    nutrition: null,
    price: 50_000,
    modifierGroups: [],
    allergens: [],
    diet: [],
    highlight: null,
    ageRestricted: false,
    available: true,
    ...overrides,
  }
}
