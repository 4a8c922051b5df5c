import { describe, expect, it } from 'vitest'
import { shiftMembers } from './shift-members'

const member = (id: string, name: string) => ({ id, info: { name, initials: name[0] } })

describe('shiftMembers', () => {
  it('puts me first and marks me, then the others by name', () => {
    const list = shiftMembers(
      [member('w3', 'Ольга'), member('w2', 'Игорь'), member('w1', 'Анна'), member('w4', 'Борис')],
      'w2',
      'ru',
    )
    expect(list.map((m) => [m.name, m.me])).toEqual([
      ['Игорь', true],
      ['Анна', false],
      ['Борис', false],
      ['Ольга', false],
    ])
  })

  it('orders by name in the language and keeps namesakes in a stable order', () => {
    const list = shiftMembers(
      [member('b', 'anna'), member('c', 'Zoe'), member('a', 'anna'), member('d', 'Émile')],
      undefined,
      'en',
    )
    expect(list.map((m) => m.id)).toEqual(['a', 'b', 'd', 'c'])
    expect(list.every((m) => !m.me)).toBe(true)
  })

  it('shows a member without a usable name by id', () => {
    const list = shiftMembers(
      [
        { id: 'w9', info: null },
        { id: 'w8', info: { name: '  ' } },
      ],
      'w1',
      'en',
    )
    expect(list.map((m) => m.name)).toEqual(['w8', 'w9'])
  })
})
