import type { AdminStation } from '@tableside/contracts/kitchen'
import type { MenuFile } from '@tableside/contracts/menu-file'
import { findCategory } from './menu-tree'

/**
 * The station that cooks a category's dishes, as the kitchen decides it (decisions 0070, 0118):
 * its own, else its nearest ancestor's, else the restaurant's default (its first station). A
 * new category (`categoryId` null) is cooked where its parent is. Empty: no stations at all.
 */
export function stationOfCategory(
  file: MenuFile,
  stations: readonly AdminStation[],
  categoryId: string | null,
  parentId: string | null,
): string {
  const own = new Map(
    stations.flatMap((station) => station.categoryIds.map((id) => [id, station.id] as const)),
  )
  let id = categoryId ?? parentId
  for (let depth = 0; id !== null && depth < 32; depth += 1) {
    const station = own.get(id)
    if (station) return station
    id = findCategory(file, id)?.parentId ?? null
  }
  return stations[0]?.id ?? ''
}
