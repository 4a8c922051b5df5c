import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { cartLine, MAX_CART_LINES, MAX_LINE_QUANTITY } from '@tableside/contracts/cart'
import {
  addLine,
  itemCount,
  parseStoredCart,
  removeLine,
  restoreLine,
  serializeCart,
  setLineQuantity,
  type CartEntry,
} from './cart-lines'

const borscht = { dishId: 'borscht', quantity: 1, optionIds: [] }
const steak = { dishId: 'steak', quantity: 1, optionIds: ['medium', 'fries'] }

function cartOf(...lines: Parameters<typeof addLine>[1][]): readonly CartEntry[] {
  return lines.reduce<readonly CartEntry[]>(addLine, [])
}

describe('adding to the cart', () => {
  it('merges the same dish with the same options and note into one line', () => {
    const lines = cartOf(steak, { ...steak, optionIds: ['fries', 'medium'], quantity: 2 })
    expect(lines).toHaveLength(1)
    expect(lines[0]?.quantity).toBe(3)
  })

  it('keeps a different option set or a different note apart', () => {
    const lines = cartOf(
      steak,
      { ...steak, optionIds: ['rare', 'fries'] },
      { ...steak, comment: 'no salt' },
      { ...steak, comment: '  no salt ' },
    )
    expect(lines.map((line) => [line.optionIds, line.comment, line.quantity])).toEqual([
      [['fries', 'medium'], undefined, 1],
      [['fries', 'rare'], undefined, 1],
      [['fries', 'medium'], 'no salt', 2],
    ])
  })

  it('treats an empty note as no note', () => {
    expect(cartOf(borscht, { ...borscht, comment: '   ' })).toEqual([
      expect.objectContaining({ dishId: 'borscht', quantity: 2 }),
    ])
    expect(cartOf({ ...borscht, comment: '' })[0]).not.toHaveProperty('comment')
  })

  it('stops a line at 99 portions and the cart at 100 lines', () => {
    expect(cartOf({ ...borscht, quantity: 60 }, { ...borscht, quantity: 60 })[0]?.quantity).toBe(
      MAX_LINE_QUANTITY,
    )
    let lines: readonly CartEntry[] = []
    for (let i = 0; i < MAX_CART_LINES + 5; i++)
      lines = addLine(lines, { ...borscht, comment: `#${i}` })
    expect(lines).toHaveLength(MAX_CART_LINES)
    expect(addLine(lines, borscht)).toBe(lines)
    expect(itemCount(addLine(lines, { ...borscht, comment: '#0' }))).toBe(MAX_CART_LINES + 1)
  })
})

describe('changing a line', () => {
  it('sets the quantity within 1–99', () => {
    const lines = cartOf(borscht, steak)
    const key = lines[1]?.key ?? ''
    expect(setLineQuantity(lines, key, 4)[1]?.quantity).toBe(4)
    expect(setLineQuantity(lines, key, 0)[1]?.quantity).toBe(1)
    expect(setLineQuantity(lines, key, 500)[1]?.quantity).toBe(99)
    expect(setLineQuantity(lines, key, Number.NaN)[1]?.quantity).toBe(1)
    expect(setLineQuantity(lines, 'unknown', 4)).toEqual(lines)
  })

  it('puts a removed line back in its place', () => {
    const lines = cartOf(borscht, steak, { dishId: 'tea', quantity: 2, optionIds: [] })
    const { lines: rest, removed } = removeLine(lines, lines[1]?.key ?? '')
    expect(rest.map((line) => line.dishId)).toEqual(['borscht', 'tea'])
    expect(removed?.index).toBe(1)
    if (!removed) throw new Error('nothing removed')
    expect(restoreLine(rest, removed)).toEqual(lines)
  })

  it('merges an undone line into the same one added meanwhile', () => {
    const lines = cartOf(borscht, steak)
    const { lines: rest, removed } = removeLine(lines, lines[0]?.key ?? '')
    if (!removed) throw new Error('nothing removed')
    const restored = restoreLine(addLine(rest, borscht), removed)
    expect(restored.map((line) => [line.dishId, line.quantity])).toEqual([
      ['steak', 1],
      ['borscht', 2],
    ])
  })

  it('removes nothing for an unknown key', () => {
    const lines = cartOf(borscht)
    expect(removeLine(lines, 'nope')).toEqual({ lines, removed: null })
  })
})

describe('the stored cart', () => {
  it('reads back what was saved', () => {
    const lines = cartOf(borscht, { ...steak, comment: 'medium rare' })
    expect(parseStoredCart(serializeCart(lines))).toEqual(lines)
    expect(JSON.parse(serializeCart(lines))).toEqual({
      lines: [
        { dishId: 'borscht', quantity: 1, optionIds: [] },
        { dishId: 'steak', quantity: 1, optionIds: ['fries', 'medium'], comment: 'medium rare' },
      ],
    })
  })

  it('is empty when nothing or something unreadable is stored', () => {
    expect(parseStoredCart(null)).toEqual([])
    expect(parseStoredCart('{not json')).toEqual([])
    expect(parseStoredCart('[]')).toEqual([])
    expect(parseStoredCart(JSON.stringify({ lines: [{ ...borscht, quantity: 0 }] }))).toEqual([])
    expect(
      parseStoredCart(JSON.stringify({ lines: [{ ...borscht, dishId: '<script>' }] })),
    ).toEqual([])
    expect(parseStoredCart(JSON.stringify({ lines: [{ ...borscht, quantity: 1.5 }] }))).toEqual([])
    expect(
      parseStoredCart(JSON.stringify({ lines: [{ ...borscht, comment: 'x'.repeat(201) }] })),
    ).toEqual([])
  })

  it('merges duplicate lines someone stored by hand', () => {
    const raw = JSON.stringify({ lines: [borscht, { ...borscht, quantity: 98 }] })
    expect(parseStoredCart(raw).map((line) => line.quantity)).toEqual([99])
  })
})

describe('the stored cart checked by hand (decision 0124)', () => {
  const storedBy = (lines: unknown) => parseStoredCart(JSON.stringify({ lines }))
  const byContract = (lines: unknown) => {
    const parsed = z.safeParse(
      z.object({ lines: z.array(cartLine).check(z.maxLength(MAX_CART_LINES)) }),
      JSON.parse(JSON.stringify({ lines })),
    )
    return parsed.success ? parsed.data.lines.reduce<readonly CartEntry[]>(addLine, []) : []
  }
  const line = { dishId: 'borscht', quantity: 2, optionIds: ['sour-cream'], comment: ' hot ' }
  const wrongs: unknown[] = [
    null,
    '',
    'Борщ',
    '-x',
    'x'.repeat(65),
    0,
    100,
    1.5,
    -1,
    2 ** 60,
    [],
    {},
    ['<b>'],
    true,
  ]

  it("takes and refuses the lines the contract's schema does", () => {
    const cases: unknown[] = [[line], [], [line, { ...line, comment: undefined }], 'lines', null]
    for (const name of Object.keys(line)) {
      for (const wrong of wrongs) cases.push([{ ...line, [name]: wrong }])
      cases.push([Object.fromEntries(Object.entries(line).filter(([key]) => key !== name))])
    }
    cases.push([{ ...line, optionIds: Array.from({ length: 61 }, (_, i) => `o${i}`) }])
    cases.push([{ ...line, optionIds: Array.from({ length: 60 }, (_, i) => `o${i}`) }])
    cases.push([
      { ...line, comment: `  ${'x'.repeat(200)}  ` },
      { ...line, quantity: 99, extra: 1 },
    ])
    cases.push(Array.from({ length: 101 }, () => line))
    cases.push(Array.from({ length: 100 }, () => line))
    for (const lines of cases)
      expect(storedBy(lines), JSON.stringify(lines)).toEqual(byContract(lines))
  })
})
