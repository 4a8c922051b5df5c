import type { FieldError } from '@tableside/contracts/errors'
import type { WaiterTable } from '@tableside/contracts/garcon'

/** What the waiter asked of a table that the server has not confirmed yet. */
export type Pick = 'take' | 'release'
export type Picks = ReadonlyMap<string, Pick>
export interface WaiterRef {
  id: string
  name: string
}

/** The list as it will be once the picks are saved: what the screen shows meanwhile. */
export function withPicks(
  tables: readonly WaiterTable[],
  picks: Picks,
  me: WaiterRef,
): WaiterTable[] {
  return tables.map((table) => {
    const pick = picks.get(table.code)
    if (pick === 'take') return { ...table, mine: true, servedBy: [me] }
    if (pick === 'release') {
      return { ...table, mine: false, servedBy: table.servedBy.filter((w) => w.id !== me.id) }
    }
    return table
  })
}

/** Who else serves the table, if anyone: taking it from them is asked first. */
export function otherWaiter(table: WaiterTable, meId: string): WaiterRef | undefined {
  return table.servedBy.find((waiter) => waiter.id !== meId)
}

/** A tap on a table as shown: release it, take it, or ask before taking it from someone. */
export function tapOn(table: WaiterTable, meId: string): { pick: Pick } | { ask: WaiterRef } {
  if (table.mine) return { pick: 'release' }
  const other = otherWaiter(table, meId)
  return other ? { ask: other } : { pick: 'take' }
}

/** A pick that undoes one still unsaved leaves nothing to save for that table. */
export function addPick(
  picks: Picks,
  saved: readonly WaiterTable[],
  code: string,
  pick: Pick,
): Map<string, Pick> {
  const next = new Map(picks)
  const mineNow = saved.find((table) => table.code === code)?.mine ?? false
  if ((pick === 'take') === mineNow) next.delete(code)
  else next.set(code, pick)
  return next
}

/** The codes `PUT garcon/me/tables` is sent: the saved ones with the picks applied, in list order. */
export function codesToSend(saved: readonly WaiterTable[], picks: Picks): string[] {
  return saved
    .filter((table) => {
      const pick = picks.get(table.code)
      return pick === 'take' || (table.mine && pick !== 'release')
    })
    .map((table) => table.code)
}

/** The picks still to save once `sent` is: those the waiter changed meanwhile, or never sent. */
export function settle(picks: Picks, sent: Picks): Map<string, Pick> {
  return new Map([...picks].filter(([code, pick]) => sent.get(code) !== pick))
}

/** The tables a 409 `table_taken` names, by its fields' `body.tableCodes.{index}`. */
export function takenCodes(fields: readonly FieldError[], sent: readonly string[]): string[] {
  return fields.flatMap((field) => {
    const index = /^body\.tableCodes\.(\d+)$/.exec(field.path)?.[1]
    const code = index === undefined ? undefined : sent[Number(index)]
    return code === undefined ? [] : [code]
  })
}

export interface Zone<T> {
  /** The zone's key: its Russian name, or '' for tables without one. */
  key: string
  tables: T[]
}

/** Tables in the server's order (by zone, then code) grouped by zone. */
export function byZone<T extends { zone: { ru: string } | null }>(tables: readonly T[]): Zone<T>[] {
  const zones: Zone<T>[] = []
  for (const table of tables) {
    const key = table.zone?.ru ?? ''
    const last = zones.at(-1)
    if (last?.key === key) last.tables.push(table)
    else zones.push({ key, tables: [table] })
  }
  return zones
}
