import { describe, expect, it } from 'vitest'
import type { ReorderLine } from '@tableside/contracts/reorder'
import { formatPrice } from '../../lib/format-price'
import { reorderDifferences } from './reorder-differences'

const rub = { locale: 'ru-RU', currency: 'RUB' }
const price = (minor: number) => formatPrice(minor, rub)
const plain = (text: string) => text.replace(/\s/g, ' ')

const line = (
  name: ReorderLine['name'],
  changes: ReorderLine['changes'],
  added: boolean,
): ReorderLine => ({
  dishId: 'dish',
  name,
  quantity: 1,
  changes,
  was: { unitPrice: 45000, lineTotal: 45000 },
  now: added
    ? {
        cartLine: { dishId: 'dish', quantity: 1, optionIds: [] },
        unitPrice: 49000,
        lineTotal: 49000,
        ageRestricted: false,
      }
    : null,
})

const pelmeni = { ru: 'Пельмени', en: 'Pelmeni' }
const kvass = { ru: 'Квас домашний', en: 'Homemade kvass' }
const sourCream = { ru: 'Сметана', en: 'Sour cream' }

const quote = {
  lines: [
    line(pelmeni, [{ kind: 'price_changed', was: 45000, now: 49000 }], true),
    line(kvass, [{ kind: 'sold_out' }], false),
    line({ ru: 'Судак' }, [{ kind: 'gone' }], false),
    line(pelmeni, [{ kind: 'option_gone', options: [sourCream] }], true),
    line(pelmeni, [{ kind: 'option_gone', options: [sourCream, { ru: 'Кетчуп' }] }], true),
    line(
      pelmeni,
      [{ kind: 'option_price_changed', prices: [{ name: sourCream, was: 5000, now: 6000 }] }],
      true,
    ),
    line(pelmeni, [{ kind: 'options_now_required', groups: [{ ru: 'Соус', en: 'Sauce' }] }], false),
    line(pelmeni, [], true),
  ],
} satisfies { lines: ReorderLine[] }

describe('what changed in a past order, in plain words', () => {
  it('says each difference in Russian, starting with the dish', () => {
    const said = reorderDifferences(quote, 'ru', price)
    expect(said.map(({ text }) => plain(text))).toEqual([
      'Пельмени: было 450 ₽, теперь 490 ₽',
      'Квас домашний: сейчас нет в наличии',
      'Судак: больше нет в меню',
      'Пельмени: опция «Сметана» больше не предлагается',
      'Пельмени: опции «Сметана», «Кетчуп» больше не предлагаются',
      'Пельмени: «Сметана» было +50 ₽, теперь +60 ₽',
      'Пельмени: теперь нужно выбрать «Соус», выберите в меню',
    ])
    // An unchanged line says nothing; each difference knows its line and whether it is added.
    expect(said.map(({ line: index, added }) => [index, added])).toEqual([
      [0, true],
      [1, false],
      [2, false],
      [3, true],
      [4, true],
      [5, true],
      [6, false],
    ])
  })

  it('says them in English, falling back to the Russian name where the menu has no English', () => {
    expect(reorderDifferences(quote, 'en', price).map(({ text }) => plain(text))).toEqual([
      'Pelmeni: was 450 ₽, now 490 ₽',
      'Homemade kvass: sold out right now',
      'Судак: no longer on the menu',
      'Pelmeni: the option “Sour cream” is no longer offered',
      'Pelmeni: the options “Sour cream”, “Кетчуп” are no longer offered',
      'Pelmeni: “Sour cream” was +50 ₽, now +60 ₽',
      'Pelmeni: now needs a choice of “Sauce”; choose it in the menu',
    ])
  })

  it('says nothing of an order that is as it was', () => {
    expect(reorderDifferences({ lines: [line(kvass, [], true)] }, 'ru', price)).toEqual([])
  })
})
