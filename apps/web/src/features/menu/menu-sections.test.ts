import type { Category, Menu } from '@tableside/contracts/menu'
import { describe, expect, it } from 'vitest'
import { isServedAt, menuSections } from './menu-sections'
import { testDish } from './test-dishes'

const category = (id: string, dishIds: string[], parentId: string | null = null): Category => ({
  id,
  parentId,
  name: { ru: id },
  description: null,
  dishIds,
})

const menu = (categories: Category[], hours: [string, string] | null = null): Menu => ({
  id: 'main',
  name: { ru: 'Основное' },
  description: null,
  servedFrom: hours?.[0] ?? null,
  servedUntil: hours?.[1] ?? null,
  categories,
})

const dishes = new Map(['a', 'b', 'c', 'd'].map((id) => [id, testDish({ id })]))

describe('menuSections', () => {
  it('puts nested categories under their top-level category, in menu order', () => {
    const sections = menuSections(
      menu([
        category('drinks', ['a']),
        category('wine', ['b'], 'drinks'),
        category('red', ['c'], 'wine'),
        category('soups', ['d']),
      ]),
      dishes,
    )
    expect(
      sections.map((s) => [
        s.category.id,
        s.dishes.map((d) => d.id),
        s.subsections.map((g) => g.category.id),
      ]),
    ).toEqual([
      ['drinks', ['a'], ['wine', 'red']],
      ['soups', ['d'], []],
    ])
  })

  it('leaves out empty categories and dishes the menu does not have', () => {
    const sections = menuSections(
      menu([category('empty', ['missing']), category('bar', []), category('beer', ['a'], 'bar')]),
      dishes,
    )
    expect(sections.map((s) => s.category.id)).toEqual(['bar'])
    expect(sections[0]?.subsections.map((g) => g.dishes.map((d) => d.id))).toEqual([['a']])
  })
})

describe('isServedAt', () => {
  it('serves an all-day menu at any time', () => {
    expect(isServedAt(menu([]), '03:00')).toBe(true)
  })

  it('serves a breakfast menu from its opening until its closing', () => {
    const breakfast = menu([], ['08:00', '12:00'])
    expect(isServedAt(breakfast, '07:59')).toBe(false)
    expect(isServedAt(breakfast, '08:00')).toBe(true)
    expect(isServedAt(breakfast, '12:00')).toBe(false)
  })

  it('serves a bar menu past midnight', () => {
    const bar = menu([], ['18:00', '02:00'])
    expect(isServedAt(bar, '23:30')).toBe(true)
    expect(isServedAt(bar, '01:59')).toBe(true)
    expect(isServedAt(bar, '12:00')).toBe(false)
  })
})
