import { QueryClient } from '@tanstack/react-query'
import type { RestaurantMenu } from '@tableside/contracts/menu'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../../lib/api-client'
import { testDish } from '../test-dishes'
import { dishFromMenu } from './get-dish'
import { menuQueryOptions } from './get-menu'
import { applyMenuUpdate } from './menu-updates'

const offline = () => Promise.reject(new Error('no network in this test'))
const api: ApiClient = { callEndpoint: offline, readFirst: offline }
const menu: RestaurantMenu = {
  restaurantId: 'demo',
  version: '1',
  menus: [
    {
      id: 'bar',
      name: { ru: 'Бар' },
      description: null,
      servedFrom: null,
      servedUntil: null,
      categories: [
        {
          id: 'mains',
          parentId: null,
          name: { ru: 'Вино' },
          description: null,
          dishIds: ['wine', 'tea'],
        },
      ],
    },
  ],
  dishes: [testDish({ id: 'wine' }), testDish({ id: 'tea' })],
}

function cacheWithMenu() {
  const queryClient = new QueryClient()
  queryClient.setQueryData(menuQueryOptions(api, 'demo').queryKey, menu)
  return queryClient
}

describe('applyMenuUpdate', () => {
  it('takes a dish off and back onto the stop-list without a request', () => {
    const queryClient = cacheWithMenu()
    const { queryKey } = menuQueryOptions(api, 'demo')
    applyMenuUpdate(queryClient, api, 'demo', {
      restaurantId: 'demo',
      version: '2',
      availability: [{ dishId: 'wine', available: false }],
    })
    const patched = queryClient.getQueryData(queryKey)
    expect(patched?.version).toBe('2')
    expect(patched?.dishes.map((d) => [d.id, d.available])).toEqual([
      ['wine', false],
      ['tea', true],
    ])
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(false)
  })

  it('marks the menu for a refetch when the change is not about the stop-list', () => {
    const queryClient = cacheWithMenu()
    applyMenuUpdate(queryClient, api, 'demo', {
      restaurantId: 'demo',
      version: '3',
      availability: null,
    })
    expect(queryClient.getQueryState(menuQueryOptions(api, 'demo').queryKey)?.isInvalidated).toBe(
      true,
    )
  })

  it('ignores another restaurant’s event', () => {
    const queryClient = cacheWithMenu()
    applyMenuUpdate(queryClient, api, 'demo', {
      restaurantId: 'other',
      version: '9',
      availability: [{ dishId: 'wine', available: false }],
    })
    expect(queryClient.getQueryData(menuQueryOptions(api, 'demo').queryKey)?.version).toBe('1')
  })
})

describe('dishFromMenu', () => {
  it('gives the dish with the menu it is on, or nothing for a dish the menu does not have', () => {
    expect(dishFromMenu(menu, 'tea')).toMatchObject({ id: 'tea', menuId: 'bar' })
    expect(dishFromMenu(menu, 'borscht')).toBeUndefined()
  })
})
