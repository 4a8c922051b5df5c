import { describe, expect, it } from 'vitest'
import type { CategoryFile } from '@tableside/contracts/menu-file'
import { arrowAfterMove, droppedBefore, idFromName, movedBy, treeRows } from './menu-tree'

const category = (id: string, categories: CategoryFile[] = []): CategoryFile => ({
  id,
  name: { ru: id },
  dishes: [],
  categories,
})

describe('the category tree', () => {
  it('lists categories depth-first with their siblings', () => {
    const rows = treeRows({
      id: 'main',
      name: { ru: 'Меню' },
      categories: [category('soups'), category('hot', [category('meat'), category('fish')])],
    })
    expect(rows.map((r) => [r.category.id, r.depth, r.parentId, r.index])).toEqual([
      ['soups', 1, null, 0],
      ['hot', 1, null, 1],
      ['meat', 2, 'hot', 0],
      ['fish', 2, 'hot', 1],
    ])
  })

  it('moves one place up or down, never past the ends', () => {
    expect(movedBy(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c'])
    expect(movedBy(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b'])
    expect(movedBy(['a', 'b', 'c'], 'a', -1)).toBeNull()
    expect(movedBy(['a', 'b', 'c'], 'c', 1)).toBeNull()
  })

  it('keeps focus on the arrow that moved an item, or on its other arrow at an end', () => {
    expect(arrowAfterMove(['b', 'a', 'c'], 'b', 'up')).toBe('down')
    expect(arrowAfterMove(['a', 'b', 'c'], 'b', 'up')).toBe('up')
    expect(arrowAfterMove(['a', 'c', 'b'], 'b', 'down')).toBe('up')
    expect(arrowAfterMove(['a', 'b', 'c'], 'b', 'down')).toBe('down')
    // The only one left: no arrow works, the item keeps the one pressed.
    expect(arrowAfterMove(['b'], 'b', 'down')).toBe('down')
  })

  it('drops a dragged item before the one it lands on', () => {
    expect(droppedBefore(['a', 'b', 'c'], 'c', 'a')).toEqual(['c', 'a', 'b'])
    expect(droppedBefore(['a', 'b', 'c'], 'a', 'c')).toEqual(['b', 'a', 'c'])
    expect(droppedBefore(['a', 'b', 'c'], 'a', 'b')).toBeNull()
    expect(droppedBefore(['a', 'b', 'c'], 'a', 'a')).toBeNull()
  })

  it('makes ids from Russian names, numbered when taken', () => {
    expect(idFromName('Уха по-царски', new Set())).toBe('ukha-po-tsarski')
    expect(idFromName('Щи', new Set(['shchi']))).toBe('shchi-2')
    expect(idFromName('!!!', new Set())).toBe('item')
    // The passport spelling a restaurant's id takes too (decision 0137), accents dropped.
    expect(idFromName('Чай с малиной', new Set())).toBe('chai-s-malinoi')
    expect(idFromName('Crème brûlée', new Set())).toBe('creme-brulee')
  })
})
