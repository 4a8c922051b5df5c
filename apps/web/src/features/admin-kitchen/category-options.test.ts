import { describe, expect, it } from 'vitest'
import type { AdminStation } from '@tableside/contracts/kitchen'
import { MENU_FILE_FORMAT, type CategoryFile, type MenuFile } from '@tableside/contracts/menu-file'
import {
  categoryOptions,
  reordered,
  sortedStations,
  toggledCategories,
  withChange,
} from './category-options'

const category = (id: string, categories: CategoryFile[] = []): CategoryFile => ({
  id,
  name: { ru: id },
  dishes: [],
  categories,
})

const file: MenuFile = {
  format: MENU_FILE_FORMAT,
  menus: [
    {
      id: 'main',
      name: { ru: 'Основное' },
      categories: [category('soups'), category('hot', [category('grill')])],
    },
    { id: 'bar', name: { ru: 'Бар' }, categories: [category('drinks')] },
  ],
  stories: [],
}

const station = (id: string, sortOrder: number, categoryIds: string[] = []): AdminStation => ({
  id,
  name: id,
  sortOrder,
  categoryIds,
})

describe('the categories a station can cook', () => {
  it('lists every menu’s categories, parents first, with their depth, menu and station', () => {
    const options = categoryOptions(file, [
      station('kitchen', 0, ['hot']),
      station('bar', 1, ['drinks']),
    ])
    expect(options.map(({ id, depth, stationId }) => [id, depth, stationId])).toEqual([
      ['soups', 0, null],
      ['hot', 0, 'kitchen'],
      ['grill', 1, null],
      ['drinks', 0, 'bar'],
    ])
    expect(options[3]?.menu).toEqual({ ru: 'Бар' })
  })

  it('names no menu when the restaurant has one', () => {
    const one = { ...file, menus: file.menus.slice(0, 1) }
    expect(categoryOptions(one, []).every((option) => option.menu === null)).toBe(true)
  })

  it('turns a category on or off in the menu’s order, keeping ids the menu no longer has', () => {
    const options = categoryOptions(file, [])
    const hot = station('kitchen', 0, ['grill', 'gone'])
    expect(toggledCategories(options, hot, 'soups', true)).toEqual(['soups', 'grill', 'gone'])
    expect(toggledCategories(options, hot, 'grill', false)).toEqual(['gone'])
  })
})

describe('moving a station', () => {
  const stations = [station('bar', 5), station('hot', 0), station('cold', 0)]

  it('orders by sort order, then name', () => {
    expect(sortedStations(stations).map((s) => s.id)).toEqual(['cold', 'hot', 'bar'])
  })

  it('gives every station its new place and sends only the changed ones', () => {
    // cold 0, hot 0, bar 5 → cold, bar, hot: cold keeps its 0.
    expect(reordered(stations, 'bar', -1)).toEqual([
      { id: 'bar', sortOrder: 1 },
      { id: 'hot', sortOrder: 2 },
    ])
  })

  it('does nothing past either end', () => {
    expect(reordered(stations, 'cold', -1)).toEqual([])
    expect(reordered(stations, 'bar', 1)).toEqual([])
  })
})

describe('a station’s change before the server answers', () => {
  it('takes the ticked categories from the other stations', () => {
    const current = {
      stations: [station('hot', 0, ['soups', 'hot']), station('bar', 1, ['drinks'])],
      thresholds: { warnMinutes: 10, lateMinutes: 20 },
    }
    const next = withChange(current, { id: 'bar', categoryIds: ['drinks', 'soups'], name: 'Бар' })
    expect(next.stations).toEqual([
      station('hot', 0, ['hot']),
      { ...station('bar', 1, ['drinks', 'soups']), name: 'Бар' },
    ])
    expect(next.thresholds).toBe(current.thresholds)
  })
})
