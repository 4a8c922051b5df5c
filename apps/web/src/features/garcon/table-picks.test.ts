import { describe, expect, it } from 'vitest'
import type { WaiterTable } from '@tableside/contracts/garcon'
import {
  addPick,
  byZone,
  codesToSend,
  settle,
  takenCodes,
  tapOn,
  withPicks,
  type Pick,
} from './table-picks'

const anna = { id: 'a', name: 'Анна' }
const igor = { id: 'i', name: 'Игорь' }
const hall = { ru: 'Зал', en: 'Hall' }
const terrace = { ru: 'Терраса', en: 'Terrace' }
const table = (code: string, servedBy = [] as { id: string; name: string }[], zone = hall) => ({
  code,
  label: code.slice(1),
  zone,
  servedBy,
  mine: servedBy.some((w) => w.id === anna.id),
})
// T1 is Анна's, T2 is free, T3 is Игорь's, T4 (terrace) is Анна's.
const [t1, t2, t3, t4] = [
  table('T1', [anna]),
  table('T2'),
  table('T3', [igor]),
  table('T4', [anna], terrace),
]
const saved: WaiterTable[] = [t1, t2, t3, t4]
const picks = (entries: [string, Pick][]) => new Map(entries)

describe('choosing tables', () => {
  it('a tap lets my table go, takes a free one, and asks before taking another waiter’s', () => {
    expect(tapOn(t1, anna.id)).toEqual({ pick: 'release' })
    expect(tapOn(t2, anna.id)).toEqual({ pick: 'take' })
    expect(tapOn(t3, anna.id)).toEqual({ ask: igor })
  })

  it('shows the picks before the server confirms them', () => {
    const shown = withPicks(
      saved,
      picks([
        ['T1', 'release'],
        ['T2', 'take'],
        ['T3', 'take'],
      ]),
      anna,
    )
    expect(shown.map((t) => [t.code, t.mine, t.servedBy.map((w) => w.name)])).toEqual([
      ['T1', false, []],
      ['T2', true, ['Анна']],
      ['T3', true, ['Анна']],
      ['T4', true, ['Анна']],
    ])
  })

  it('sends the saved tables with the picks applied, in list order', () => {
    expect(codesToSend(saved, new Map())).toEqual(['T1', 'T4'])
    expect(
      codesToSend(
        saved,
        picks([
          ['T2', 'take'],
          ['T1', 'release'],
        ]),
      ),
    ).toEqual(['T2', 'T4'])
  })

  it('a second tap before saving undoes the first: nothing left to save for it', () => {
    const once = addPick(new Map(), saved, 'T2', 'take')
    expect([...once]).toEqual([['T2', 'take']])
    expect([...addPick(once, saved, 'T2', 'release')]).toEqual([])
    expect([...addPick(new Map(), saved, 'T1', 'release')]).toEqual([['T1', 'release']])
  })

  it('after an answer, keeps only the picks made since it was sent', () => {
    const sent = picks([
      ['T2', 'take'],
      ['T1', 'release'],
    ])
    const now = picks([
      ['T2', 'release'],
      ['T1', 'release'],
      ['T3', 'take'],
    ])
    expect([...settle(now, sent)]).toEqual([
      ['T2', 'release'],
      ['T3', 'take'],
    ])
  })

  it('reads which tables a 409 names from its fields', () => {
    const fields = [
      { path: 'body.tableCodes.1', message: 'Table 3 is served by Игорь.' },
      { path: 'body.other', message: 'x' },
      { path: 'body.tableCodes.9', message: 'out of range' },
    ]
    expect(takenCodes(fields, ['T1', 'T3'])).toEqual(['T3'])
  })

  it('groups tables by zone in the server’s order', () => {
    expect(byZone(saved).map((zone) => [zone.key, zone.tables.map((t) => t.code)])).toEqual([
      ['Зал', ['T1', 'T2', 'T3']],
      ['Терраса', ['T4']],
    ])
  })
})
