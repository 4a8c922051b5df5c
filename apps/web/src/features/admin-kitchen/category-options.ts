import type { EndpointResponse } from '@tableside/contracts/endpoint'
import type { AdminStation, listStations } from '@tableside/contracts/kitchen'
import type { CategoryFile, MenuFile } from '@tableside/contracts/menu-file'
import type { LocalizedText } from '@tableside/contracts/text'

export interface CategoryOption {
  id: string
  name: LocalizedText
  /** 0 for a menu's top-level category. */
  depth: number
  /** The menu it is on, when the restaurant has more than one. */
  menu: LocalizedText | null
  /** The station that cooks it now, if any. */
  stationId: string | null
}

/** Every category of every menu, parents before their children, with the station that has it. */
export function categoryOptions(
  file: MenuFile,
  stations: readonly AdminStation[],
): CategoryOption[] {
  const stationOf = new Map<string, string>()
  for (const station of stations) {
    for (const id of station.categoryIds) stationOf.set(id, station.id)
  }
  const options: CategoryOption[] = []
  const several = file.menus.length > 1
  const walk = (categories: CategoryFile[], depth: number, menu: LocalizedText | null) => {
    for (const category of categories) {
      options.push({
        id: category.id,
        name: category.name,
        depth,
        menu,
        stationId: stationOf.get(category.id) ?? null,
      })
      walk(category.categories, depth + 1, menu)
    }
  }
  for (const menu of file.menus) walk(menu.categories, 0, several ? menu.name : null)
  return options
}

/** A station's categories with one turned on or off, in the menu's order. */
export function toggledCategories(
  options: readonly CategoryOption[],
  station: AdminStation,
  categoryId: string,
  on: boolean,
): string[] {
  const chosen = new Set(station.categoryIds)
  if (on) chosen.add(categoryId)
  else chosen.delete(categoryId)
  const known = options.map((option) => option.id).filter((id) => chosen.has(id))
  // A category the menu no longer has stays as the server keeps it.
  return [...known, ...station.categoryIds.filter((id) => id !== categoryId && !known.includes(id))]
}

/** The stations in their order, and the sort orders that swap one with its neighbour. */
export function sortedStations(stations: readonly AdminStation[]): AdminStation[] {
  return [...stations].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
}

/**
 * The sort orders after moving a station one place up (-1) or down (+1): every station gets its
 * place in the new order, so equal sort orders from earlier changes cannot keep them stuck.
 */
export function reordered(
  stations: readonly AdminStation[],
  id: string,
  step: -1 | 1,
): Array<{ id: string; sortOrder: number }> {
  const order = sortedStations(stations)
  const from = order.findIndex((station) => station.id === id)
  const to = from + step
  const moving = order[from]
  const other = order[to]
  if (!moving || !other) return []
  order[from] = other
  order[to] = moving
  return order
    .map((station, index) => ({ id: station.id, sortOrder: index, was: station.sortOrder }))
    .filter(({ sortOrder, was }) => sortOrder !== was)
    .map(({ id: changed, sortOrder }) => ({ id: changed, sortOrder }))
}

export type AdminStations = EndpointResponse<typeof listStations>

/** The stations as they will be after a change: what the screen shows while it is saved. */
export function withChange(
  current: AdminStations,
  change: { id: string; name?: string; sortOrder?: number; categoryIds?: string[] },
): AdminStations {
  const taken = new Set(change.categoryIds ?? [])
  return {
    ...current,
    stations: current.stations.map((station) =>
      station.id === change.id
        ? {
            ...station,
            ...(change.name === undefined ? {} : { name: change.name }),
            ...(change.sortOrder === undefined ? {} : { sortOrder: change.sortOrder }),
            ...(change.categoryIds === undefined ? {} : { categoryIds: change.categoryIds }),
          }
        : { ...station, categoryIds: station.categoryIds.filter((id) => !taken.has(id)) },
    ),
  }
}
