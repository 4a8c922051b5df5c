import { describe, expect, it } from 'vitest'
import { restaurantId } from '@tableside/contracts/restaurants'
import { safeParse } from 'zod/mini'
import { suggestRestaurantId } from './restaurant-id'

describe("A restaurant's address in links, suggested from its name", () => {
  it.each([
    ['Бистро «Ёлка»', 'bistro-elka'],
    ['Щи да каша', 'shchi-da-kasha'],
    ['Хачапурная №2', 'khachapurnaia-2'],
    ['Café Müller', 'cafe-muller'],
    ['  The Good Place!  ', 'the-good-place'],
    ['Объект', 'obieekt'],
    ['«»', ''],
  ])('%s → %s', (name, id) => {
    expect(suggestRestaurantId(name)).toBe(id)
  })

  it('is always an id the server takes, however long or odd the name', () => {
    for (const name of ['Я'.repeat(100), '-Ресторан-', '1 2 3', 'ъьъ Кафе']) {
      const id = suggestRestaurantId(name)
      expect(id.length).toBeLessThanOrEqual(63)
      expect(safeParse(restaurantId, id).success, `${name} → ${id}`).toBe(true)
    }
  })
})
