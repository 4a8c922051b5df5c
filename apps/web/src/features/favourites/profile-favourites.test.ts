import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '@tableside/contracts/endpoint'
import type { Favourite, FavouriteList } from '@tableside/contracts/favourites'
import type { ApiClient } from '../../lib/api-client'
import type { DeviceFavourites } from './favourites-source'
import { createProfileFavourites, profileFavouritesKey } from './profile-favourites'

/** The server's side as the routes answer it, with a switch that makes every call fail. */
function fakeServer(initial: Favourite[]) {
  const state = { list: [...initial], down: false, calls: [] as string[] }
  const api = {
    callEndpoint: (
      endpoint: Endpoint,
      call?: { params?: { dishId: string }; body?: FavouriteList },
    ) => {
      state.calls.push(`${endpoint.method} ${endpoint.path}`)
      if (state.down) return Promise.reject(new Error('offline'))
      const dishId = call?.params?.dishId ?? ''
      if (endpoint.method === 'PUT' && !state.list.some((entry) => entry.dishId === dishId)) {
        state.list.unshift({ dishId, addedAt: 10_000, name: dishId })
      }
      if (endpoint.method === 'DELETE') state.list = state.list.filter((e) => e.dishId !== dishId)
      if (endpoint.method === 'POST')
        state.list = [...(call?.body?.favourites ?? []), ...state.list]
      return Promise.resolve({ restaurantId: 'demo', favourites: [...state.list] })
    },
  } as unknown as ApiClient
  return { state, api }
}

function fakeDevice(entries: Favourite[]): DeviceFavourites & { entries: Favourite[] } {
  const device = {
    entries,
    list: () => device.entries,
    subscribe: () => () => undefined,
    add: () => undefined,
    remove: () => undefined,
    forget: (sent: readonly Favourite[]) => {
      device.entries = device.entries.filter((e) => !sent.some((s) => s.dishId === e.dishId))
    },
  }
  return device
}

const ids = (list: readonly Favourite[]) => list.map((entry) => entry.dishId)
const borscht: Favourite = { dishId: 'borscht', addedAt: 1000, name: 'Борщ' }
const solyanka: Favourite = { dishId: 'solyanka', addedAt: 500, name: 'Солянка' }

let queryClient: QueryClient
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
})

const loaded = async (source: { subscribe: (l: () => void) => () => void }) => {
  const stop = source.subscribe(() => undefined)
  await vi.waitFor(() => {
    expect(queryClient.getQueryState(profileFavouritesKey('demo', 't'))?.status).not.toBe('pending')
  })
  return stop
}

describe('The profile’s favourites on the web', () => {
  it('merges the device’s list on its first load and clears the device only then', async () => {
    const { state, api } = fakeServer([solyanka])
    const device = fakeDevice([borscht])
    const source = createProfileFavourites('demo', 't', api, queryClient, device)
    await loaded(source)
    expect(state.calls).toEqual(['POST /me/favorites/merge'])
    expect(ids(source.list())).toEqual(['borscht', 'solyanka'])
    expect(device.entries).toEqual([])
  })

  it('keeps the device’s list when the merge fails, for the next load', async () => {
    const { state, api } = fakeServer([])
    state.down = true
    const device = fakeDevice([borscht])
    const source = createProfileFavourites('demo', 't', api, queryClient, device)
    await loaded(source)
    expect(device.entries).toEqual([borscht])
  })

  it('shows a change at once and undoes it when the server refuses', async () => {
    const { state, api } = fakeServer([solyanka])
    const source = createProfileFavourites('demo', 't', api, queryClient, fakeDevice([]))
    await loaded(source)
    source.add('borscht', 'Борщ')
    expect(ids(source.list())).toEqual(['borscht', 'solyanka'])
    await vi.waitFor(() => {
      expect(state.calls).toContain('PUT /me/favorites/:dishId')
    })
    state.down = true
    source.remove('solyanka')
    expect(ids(source.list())).toEqual(['borscht'])
    await vi.waitFor(() => {
      expect(ids(source.list())).toEqual(['borscht', 'solyanka'])
    })
    source.add('pike-perch', 'Судак')
    expect(ids(source.list())[0]).toBe('pike-perch')
    await vi.waitFor(() => {
      expect(ids(source.list())).toEqual(['borscht', 'solyanka'])
    })
  })
})
