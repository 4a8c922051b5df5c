import type { ModifierGroup, ModifierOption } from '@tableside/contracts/menu'
import { describe, expect, it } from 'vitest'
import {
  chosenOptionIds,
  firstUnmetGroup,
  isSingleChoice,
  toggleOption,
  unitPrice,
} from './modifier-rules'
import { canQuickAdd, initialSelection } from './quick-add'
import { quickAddLine } from './quick-add-line'
import { testDish } from './test-dishes'

const option = (id: string, overrides: Partial<ModifierOption> = {}): ModifierOption => ({
  id,
  name: { ru: id },
  priceDelta: 0,
  preselected: false,
  available: true,
  ...overrides,
})

const doneness: ModifierGroup = {
  id: 'doneness',
  name: { ru: 'Прожарка', en: 'Doneness' },
  minChoices: 1,
  maxChoices: 1,
  options: [option('rare'), option('medium'), option('well-done', { available: false })],
}
const extras: ModifierGroup = {
  id: 'extras',
  name: { ru: 'Добавки' },
  minChoices: 0,
  maxChoices: 2,
  options: [
    option('butter', { priceDelta: 9_000, preselected: true }),
    option('sauce', { priceDelta: 15_000 }),
    option('fries', { priceDelta: 25_000 }),
  ],
}
const side: ModifierGroup = {
  id: 'side',
  name: { ru: 'Гарнир' },
  minChoices: 0,
  maxChoices: 1,
  options: [option('potato'), option('salad', { preselected: true, available: false })],
}
const steak = testDish({ id: 'steak', price: 190_000, modifierGroups: [doneness, extras, side] })

describe('initialSelection', () => {
  it('starts with the preselected options that are available', () => {
    expect(initialSelection(steak)).toEqual({ doneness: [], extras: ['butter'], side: [] })
  })

  it('never preselects more than a group allows', () => {
    const greedy = {
      ...extras,
      maxChoices: 1,
      options: extras.options.map((o) => ({ ...o, preselected: true })),
    }
    expect(initialSelection(testDish({ id: 'x', modifierGroups: [greedy] }))).toEqual({
      extras: ['butter'],
    })
  })
})

describe('toggleOption', () => {
  it('replaces the choice in a group of one', () => {
    expect(toggleOption(doneness, ['rare'], 'medium')).toEqual(['medium'])
  })

  it('keeps a required single choice when it is tapped again', () => {
    expect(toggleOption(doneness, ['rare'], 'rare')).toEqual(['rare'])
  })

  it('lets an optional single choice be cleared', () => {
    expect(isSingleChoice(side)).toBe(false)
    expect(toggleOption(side, ['potato'], 'potato')).toEqual([])
  })

  it('adds up to the maximum and refuses more', () => {
    expect(toggleOption(extras, ['butter'], 'sauce')).toEqual(['butter', 'sauce'])
    expect(toggleOption(extras, ['butter', 'sauce'], 'fries')).toEqual(['butter', 'sauce'])
    expect(toggleOption(extras, ['butter', 'sauce'], 'butter')).toEqual(['sauce'])
  })

  it('never chooses an option that is not available', () => {
    expect(toggleOption(doneness, ['rare'], 'well-done')).toEqual(['rare'])
    expect(toggleOption(doneness, [], 'no-such-option')).toEqual([])
  })
})

describe('rules and price', () => {
  it('names the first required group without a choice', () => {
    expect(firstUnmetGroup(steak, initialSelection(steak))?.id).toBe('doneness')
    expect(firstUnmetGroup(steak, { doneness: ['medium'] })).toBeUndefined()
  })

  it('adds the price of every chosen option to the dish', () => {
    expect(unitPrice(steak, { doneness: ['medium'] })).toBe(190_000)
    expect(unitPrice(steak, { doneness: ['medium'], extras: ['butter', 'sauce'] })).toBe(214_000)
  })

  it('lists the chosen options in menu order for the cart', () => {
    expect(chosenOptionIds(steak, { extras: ['sauce', 'butter'], doneness: ['rare'] })).toEqual([
      'rare',
      'butter',
      'sauce',
    ])
  })
})

describe('canQuickAdd', () => {
  it('allows one-tap adding when the preselected options meet every rule', () => {
    expect(canQuickAdd(testDish({ id: 'tea', modifierGroups: [extras] }))).toBe(true)
    const size: ModifierGroup = {
      ...doneness,
      id: 'size',
      options: [option('glass', { preselected: true }), option('bottle')],
    }
    expect(canQuickAdd(testDish({ id: 'wine', modifierGroups: [size] }))).toBe(true)
  })

  it('opens the dish instead when something must still be chosen or it is sold out', () => {
    expect(canQuickAdd(steak)).toBe(false)
    expect(canQuickAdd(testDish({ id: 'tea', available: false }))).toBe(false)
  })
})

describe('quickAddLine', () => {
  it('adds one portion with the preselected options when they meet every rule', () => {
    expect(quickAddLine(testDish({ id: 'tea', modifierGroups: [extras] }), false)).toEqual({
      dishId: 'tea',
      quantity: 1,
      optionIds: ['butter'],
    })
    const size: ModifierGroup = {
      ...doneness,
      id: 'size',
      options: [option('glass', { preselected: true }), option('bottle')],
    }
    expect(quickAddLine(testDish({ id: 'wine', modifierGroups: [size] }), false)).toEqual({
      dishId: 'wine',
      quantity: 1,
      optionIds: ['glass'],
    })
  })

  it('opens the dish instead when something must still be chosen or it is sold out', () => {
    expect(quickAddLine(steak, true)).toBeNull()
    expect(quickAddLine(testDish({ id: 'tea', available: false }), true)).toBeNull()
  })

  it('asks the age first for an 18+ dish', () => {
    const wine = testDish({ id: 'wine', ageRestricted: true })
    expect(quickAddLine(wine, false)).toBeNull()
    expect(quickAddLine(wine, true)).toMatchObject({ dishId: 'wine', quantity: 1 })
  })
})
