import type { CategoryFile, MenuFile, MenuFileMenu } from '@tableside/contracts/menu-file'
import { inLatin } from '../../lib/latin'

/** A category as the tree shows it: how deep, under whom, and where among its siblings. */
export interface TreeRow {
  category: CategoryFile
  depth: number
  parentId: string | null
  siblingIds: readonly string[]
  index: number
}

/** The menu's categories depth-first, parents before their children. */
export function treeRows(menu: MenuFileMenu): TreeRow[] {
  const rows: TreeRow[] = []
  const walk = (list: CategoryFile[], depth: number, parentId: string | null) => {
    const siblingIds = list.map((c) => c.id)
    list.forEach((category, index) => {
      rows.push({ category, depth, parentId, siblingIds, index })
      walk(category.categories, depth + 1, category.id)
    })
  }
  walk(menu.categories, 1, null)
  return rows
}

/** The ids with `id` moved one place up (-1) or down (+1); null when it cannot go further. */
export function movedBy(ids: readonly string[], id: string, by: -1 | 1): string[] | null {
  const from = ids.indexOf(id)
  const to = from + by
  if (from < 0 || to < 0 || to >= ids.length) return null
  const next = [...ids]
  next.splice(from, 1)
  next.splice(to, 0, id)
  return next
}

/**
 * Which arrow of a moved item takes focus once the new order shows: the one pressed, unless the
 * item reached that end, where only its other arrow still works.
 */
export function arrowAfterMove(
  ids: readonly string[],
  id: string,
  pressed: 'up' | 'down',
): 'up' | 'down' {
  const at = ids.indexOf(id)
  if (ids.length < 2) return pressed
  if (pressed === 'up' && at === 0) return 'down'
  if (pressed === 'down' && at === ids.length - 1) return 'up'
  return pressed
}

/** The ids with `id` put just before `before` (dropped on it); null when nothing moves. */
export function droppedBefore(ids: readonly string[], id: string, before: string): string[] | null {
  if (id === before) return null
  const rest = ids.filter((other) => other !== id)
  const at = rest.indexOf(before)
  if (at < 0) return null
  rest.splice(at, 0, id)
  return rest.join() === ids.join() ? null : rest
}

export function findCategory(file: MenuFile, id: string) {
  for (const menu of file.menus) {
    const row = treeRows(menu).find((r) => r.category.id === id)
    if (row) return { menu, ...row }
  }
  return undefined
}

/** A menu id from a name: `Уха по-царски` → `ukha-po-tsarski`, numbered when taken. */
export function idFromName(name: string, taken: ReadonlySet<string>): string {
  const base =
    inLatin(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || 'item'
  let id = base
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${String(n)}`
  return id
}

/** Every id used in the file, of categories and dishes: a new one must not repeat them. */
export function usedIds(file: MenuFile): Set<string> {
  const ids = new Set<string>()
  for (const menu of file.menus) {
    for (const { category } of treeRows(menu)) {
      ids.add(category.id)
      for (const dish of category.dishes) ids.add(dish.id)
    }
  }
  return ids
}
