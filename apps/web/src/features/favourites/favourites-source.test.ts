import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_FAVOURITES, type Favourite } from '@tableside/contracts/favourites'
import { mergeFavouriteLists, parseFavourites } from './favourite-list'
import { createDeviceFavourites, favouritesStorageKey } from './favourites-source'

/** localStorage as a browser keeps it for one site: shared by every tab, strings only. */
class MemoryStorage {
  readonly items = new Map<string, string>()
  refuseWrites = false
  refuseReads = false
  getItem(key: string): string | null {
    if (this.refuseReads) throw new DOMException('The operation is insecure.', 'SecurityError')
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    if (this.refuseWrites) throw new DOMException('Quota exceeded', 'QuotaExceededError')
    this.items.set(key, value)
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
}

let storage: MemoryStorage
let page: EventTarget

/** What the browser does in every other tab after one tab writes a key. */
function storageEventFromAnotherTab(key: string | null): void {
  page.dispatchEvent(Object.assign(new Event('storage'), { key }))
}

const ids = (list: readonly Favourite[]) => list.map((entry) => entry.dishId)
const stored = (restaurantId = 'demo') => storage.items.get(favouritesStorageKey(restaurantId))

beforeEach(() => {
  storage = new MemoryStorage()
  page = new EventTarget()
  vi.stubGlobal('localStorage', storage)
  vi.stubGlobal('window', page)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('favourites kept on the device', () => {
  it('keeps dishes newest first, each once, under a versioned key per restaurant', () => {
    let clock = 1_000
    const demo = createDeviceFavourites('demo', () => clock++)
    demo.add('borscht', 'Борщ')
    demo.add('kvass', 'Квас')
    demo.add('borscht', 'Борщ')
    expect(ids(demo.list())).toEqual(['borscht', 'kvass'])
    expect(JSON.parse(stored() ?? 'null')).toEqual([
      { dishId: 'borscht', addedAt: 1_002, name: 'Борщ' },
      { dishId: 'kvass', addedAt: 1_001, name: 'Квас' },
    ])

    // Another restaurant's list is its own, and a fresh page reads the same back.
    const other = createDeviceFavourites('riverside')
    expect(other.list()).toEqual([])
    expect(ids(createDeviceFavourites('demo').list())).toEqual(['borscht', 'kvass'])

    demo.remove('borscht')
    demo.remove('not-saved')
    expect(ids(demo.list())).toEqual(['kvass'])
    demo.remove('kvass')
    expect(stored()).toBeUndefined()
  })

  it('reads whatever storage holds without failing, keeping the entries that check out', () => {
    const key = favouritesStorageKey('demo')
    for (const garbage of ['', '{', 'null', '42', '"borscht"', '{"dishId":"borscht"}', '[1,2]']) {
      storage.items.set(key, garbage)
      expect(createDeviceFavourites('demo').list(), garbage).toEqual([])
    }
    storage.items.set(
      key,
      JSON.stringify([
        { dishId: 'borscht', addedAt: 5, name: 'Борщ' },
        { dishId: '../admin', addedAt: 6, name: 'x' },
        { dishId: 'kvass', addedAt: -1, name: 'Квас' },
        { dishId: 'pelmeni', addedAt: 4, name: 'П'.repeat(201) },
        { dishId: 'herring', addedAt: 3 },
        'shchi',
        null,
        { dishId: 'olivier', addedAt: 7, name: 'Оливье' },
        { dishId: 'borscht', addedAt: 2, name: 'Борщ (old)' },
      ]),
    )
    expect(createDeviceFavourites('demo').list()).toEqual([
      { dishId: 'olivier', addedAt: 7, name: 'Оливье' },
      { dishId: 'borscht', addedAt: 5, name: 'Борщ' },
    ])
  })

  it('keeps the newest 200, dropping the oldest', () => {
    let clock = 0
    const demo = createDeviceFavourites('demo', () => ++clock)
    for (let i = 0; i <= MAX_FAVOURITES; i++) demo.add(`dish-${String(i)}`, `Dish ${String(i)}`)
    expect(demo.list()).toHaveLength(MAX_FAVOURITES)
    expect(demo.list()[0]?.dishId).toBe(`dish-${String(MAX_FAVOURITES)}`)
    expect(ids(demo.list())).not.toContain('dish-0')
    // A list someone stored too long is cut on reading, newest kept.
    const long = Array.from({ length: 250 }, (_, i) => ({
      dishId: `d${String(i)}`,
      addedAt: i,
      name: '',
    }))
    expect(parseFavourites(long)).toHaveLength(MAX_FAVOURITES)
    expect(parseFavourites(long)[0]?.dishId).toBe('d249')
  })

  it('puts a new favourite on top even when the phone’s clock steps back', () => {
    let clock = 10_000
    const demo = createDeviceFavourites('demo', () => clock)
    demo.add('borscht', 'Борщ')
    clock = 1_000
    demo.add('kvass', 'Квас')
    expect(ids(createDeviceFavourites('demo').list())).toEqual(['kvass', 'borscht'])
  })

  it('cuts a long name to what the list accepts, so the entry survives the next read', () => {
    createDeviceFavourites('demo').add('borscht', 'Б'.repeat(500))
    expect(createDeviceFavourites('demo').list()[0]?.name).toHaveLength(200)
  })

  it('still works for the visit when storage refuses to write or to be read', () => {
    storage.refuseWrites = true
    const demo = createDeviceFavourites('demo')
    const listener = vi.fn()
    demo.subscribe(listener)
    demo.add('borscht', 'Борщ')
    expect(ids(demo.list())).toEqual(['borscht'])
    expect(listener).toHaveBeenCalledTimes(1)
    expect(stored()).toBeUndefined()

    storage.refuseReads = true
    expect(createDeviceFavourites('demo').list()).toEqual([])
  })

  it('follows another tab: its change arrives with the storage event, other keys are ignored', () => {
    const here = createDeviceFavourites('demo')
    const listener = vi.fn()
    const unsubscribe = here.subscribe(listener)
    const otherTab = createDeviceFavourites('demo')
    otherTab.add('borscht', 'Борщ')
    // The browser tells only the other tabs; nothing has arrived yet.
    expect(here.list()).toEqual([])

    storageEventFromAnotherTab(favouritesStorageKey('riverside'))
    expect(listener).not.toHaveBeenCalled()
    storageEventFromAnotherTab(favouritesStorageKey('demo'))
    expect(ids(here.list())).toEqual(['borscht'])
    expect(listener).toHaveBeenCalledTimes(1)

    // Storage cleared in another tab (`key` null): the list is empty here too.
    storage.items.clear()
    storageEventFromAnotherTab(null)
    expect(here.list()).toEqual([])

    // Unsubscribed, it stops listening, and reads afresh when someone listens again.
    unsubscribe()
    otherTab.add('kvass', 'Квас')
    storageEventFromAnotherTab(favouritesStorageKey('demo'))
    expect(listener).toHaveBeenCalledTimes(2)
    here.subscribe(listener)
    expect(ids(here.list())).toEqual(['kvass'])
  })

  it('forgets what a sign-in merged, keeping a dish saved again since', () => {
    let clock = 1000
    const device = createDeviceFavourites('demo', () => clock)
    device.add('borscht', 'Борщ')
    clock = 2000
    device.add('solyanka', 'Солянка')
    const sent = device.list()
    clock = 3000
    device.remove('borscht')
    device.add('borscht', 'Борщ')
    device.forget(sent)
    expect(ids(device.list())).toEqual(['borscht'])
    device.forget(device.list())
    expect(device.list()).toEqual([])
  })
})

describe('merging on sign-in', () => {
  it('is the union, each dish once with its later time, newest first', () => {
    const device: Favourite[] = [
      { dishId: 'borscht', addedAt: 50, name: 'Борщ' },
      { dishId: 'kvass', addedAt: 10, name: 'Квас' },
    ]
    const profile: Favourite[] = [
      { dishId: 'olivier', addedAt: 40, name: 'Оливье' },
      { dishId: 'kvass', addedAt: 30, name: 'Квас' },
    ]
    expect(mergeFavouriteLists(device, profile)).toEqual([
      { dishId: 'borscht', addedAt: 50, name: 'Борщ' },
      { dishId: 'olivier', addedAt: 40, name: 'Оливье' },
      { dishId: 'kvass', addedAt: 30, name: 'Квас' },
    ])
    expect(mergeFavouriteLists([], [])).toEqual([])
  })

  it('keeps at most 200 after the merge, the newest', () => {
    const many = (prefix: string, from: number) =>
      Array.from({ length: 150 }, (_, i) => ({
        dishId: `${prefix}${String(i)}`,
        addedAt: from + i,
        name: '',
      }))
    const merged = mergeFavouriteLists(many('a', 0), many('b', 1000))
    expect(merged).toHaveLength(MAX_FAVOURITES)
    expect(merged[0]?.dishId).toBe('b149')
    expect(ids(merged)).not.toContain('a0')
    expect(ids(merged)).toContain('a149')
  })
})
