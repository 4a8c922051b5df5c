import { describe, expect, it } from 'vitest'
import { testDish } from '../test-dishes'
import {
  buildSearchIndex,
  editDistance,
  matchWord,
  normalize,
  searchDishes,
  type SearchFilters,
} from './search-engine'

const none: SearchFilters = { diet: [], without: [] }

const borscht = testDish({
  id: 'borscht',
  name: { ru: 'Борщ с говядиной', en: 'Beef borscht' },
  description: { ru: 'Свёкла, капуста, сметана', en: 'Beetroot, cabbage, sour cream' },
  allergens: ['milk', 'celery'],
})
const salad = testDish({
  id: 'salad',
  name: { ru: 'Салат с печёной свёклой', en: 'Roasted beet salad' },
  description: { ru: 'Козий сыр, грецкий орех' },
  allergens: ['milk', 'nuts'],
  diet: ['vegetarian', 'gluten_free'],
})
const steak = testDish({
  id: 'steak-ribeye',
  name: { ru: 'Стейк рибай', en: 'Ribeye steak' },
  description: { ru: 'Мраморная говядина, 300 г' },
})
const tea = testDish({
  id: 'tea',
  name: { ru: 'Чай с чабрецом', en: 'Thyme tea' },
  diet: ['vegan'],
})
const index = buildSearchIndex([borscht, salad, steak, tea])
const ids = (query: string, filters = none) =>
  searchDishes(index, query, filters).map((dish) => dish.id)

describe('normalize', () => {
  it('reads ё as е and ignores case', () => {
    expect(normalize('Свёкла ЁЛКА')).toBe('свекла елка')
  })

  it('drops accents of latin letters', () => {
    expect(normalize('Crème Brûlée')).toBe('creme brulee')
  })
})

describe('editDistance', () => {
  it('counts a swap of neighbouring letters as one typo', () => {
    expect(editDistance('сетйк', 'стейк', 2)).toBe(1)
  })

  it('counts a missing, an extra and a wrong letter as one each', () => {
    expect(editDistance('борщ', 'борш', 2)).toBe(1)
    expect(editDistance('салт', 'салат', 2)).toBe(1)
    expect(editDistance('салаат', 'салат', 2)).toBe(1)
  })

  it('stops early once the distance exceeds the limit', () => {
    expect(editDistance('абвгд', 'ежзик', 1)).toBe(2)
  })
})

describe('matchWord', () => {
  it('forgives no typo in words shorter than four letters', () => {
    expect(matchWord('чаи', 'чаи')).toBe(3)
    expect(matchWord('чйа', 'чаи')).toBe(0)
  })

  it('forgives one typo from four letters and two from eight', () => {
    expect(matchWord('борш', 'борщ')).toBe(1)
    expect(matchWord('бгрш', 'борщ')).toBe(0)
    expect(matchWord('говядена', 'говядина')).toBe(1)
    expect(matchWord('гавядена', 'говядина')).toBe(1)
    expect(matchWord('гавядена', 'говядинаа')).toBe(1)
  })

  it('matches the beginning of a word while the diner is still typing', () => {
    expect(matchWord('бор', 'борщ')).toBe(2)
    expect(matchWord('ребаи', 'рибаи')).toBe(1)
    expect(matchWord('мрамо', 'мраморная')).toBe(2)
    expect(matchWord('мромор', 'мраморная')).toBe(1)
  })

  it('takes another ending of a Russian word as a match', () => {
    expect(matchWord('свекла', 'свеклои')).toBe(2)
    expect(matchWord('грибы', 'грибами')).toBe(2)
  })
})

describe('searchDishes', () => {
  it('does not take a short word with a typo for the beginning of a longer one', () => {
    expect(matchWord('борш', 'бородинских')).toBe(0)
  })

  it('finds борщ typed as борш, in any case', () => {
    expect(ids('борш')).toEqual(['borscht'])
    expect(ids('БОРЩ')).toEqual(['borscht'])
  })

  it('finds dishes by their English name and description too', () => {
    expect(ids('borsch')).toEqual(['borscht'])
    expect(ids('beet')).toEqual(['salad', 'borscht'])
  })

  it('finds свёкла typed with е, and puts name matches first', () => {
    expect(ids('свекла')).toEqual(['salad', 'borscht'])
  })

  it('needs every typed word to match', () => {
    expect(ids('стейк говядина')).toEqual(['steak-ribeye'])
    expect(ids('стейк лосось')).toEqual([])
  })

  it('ignores one-letter words between others', () => {
    expect(ids('чай с')).toEqual(['tea'])
  })

  it('keeps only dishes with the chosen diet tags', () => {
    expect(ids('', { diet: ['vegetarian'], without: [] })).toEqual(['salad'])
    expect(ids('', { diet: ['vegetarian', 'vegan'], without: [] })).toEqual([])
  })

  it('leaves out dishes with an allergen the diner avoids', () => {
    expect(ids('', { diet: [], without: ['milk'] })).toEqual(['steak-ribeye', 'tea'])
    expect(ids('свекла', { diet: [], without: ['nuts'] })).toEqual(['borscht'])
  })

  it('returns every dish in menu order for an empty query without filters', () => {
    expect(ids('  ')).toEqual(['borscht', 'salad', 'steak-ribeye', 'tea'])
  })
})
