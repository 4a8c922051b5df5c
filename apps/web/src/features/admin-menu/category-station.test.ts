import { describe, expect, it } from 'vitest'
import type { AdminStation } from '@tableside/contracts/kitchen'
import { MENU_FILE_FORMAT, type CategoryFile, type MenuFile } from '@tableside/contracts/menu-file'
import { stationOfCategory } from './category-station'

const category = (id: string, categories: CategoryFile[] = []): CategoryFile => ({
  id,
  name: { ru: id },
  dishes: [],
  categories,
})
const file: MenuFile = {
  format: MENU_FILE_FORMAT,
  stories: [],
  menus: [
    {
      id: 'main',
      name: { ru: 'Основное' },
      categories: [category('mains', [category('meat')]), category('salads'), category('new')],
    },
  ],
}
const stations: AdminStation[] = [
  { id: 'hot', name: 'Горячий цех', sortOrder: 0, categoryIds: ['mains'] },
  { id: 'cold', name: 'Холодный цех', sortOrder: 1, categoryIds: ['salads'] },
]

describe("a category's station", () => {
  it('is its own, else its nearest ancestor’s, else the restaurant’s first', () => {
    expect(stationOfCategory(file, stations, 'salads', null)).toBe('cold')
    expect(stationOfCategory(file, stations, 'meat', null)).toBe('hot')
    expect(stationOfCategory(file, [...stations].reverse(), 'new', null)).toBe('cold')
  })

  it('is, for a new one, its parent’s, or the default at the top', () => {
    expect(stationOfCategory(file, stations, null, 'salads')).toBe('cold')
    expect(stationOfCategory(file, stations, null, null)).toBe('hot')
    expect(stationOfCategory(file, [], null, null)).toBe('')
  })
})
