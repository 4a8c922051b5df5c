import type { LocalizedText } from '@tableside/contracts/text'

/** Table codes in the order people count them: T2 before T10. */
export const tableCodeOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })
const zoneNames = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' })

/** By zone (tables without one last), then by code: T2 before T10, as the table list shows them. */
export function byZoneThenCode(
  a: { code: string; zone: LocalizedText | null },
  b: { code: string; zone: LocalizedText | null },
): number {
  if (a.zone?.ru !== b.zone?.ru) {
    if (!a.zone) return 1
    if (!b.zone) return -1
    const zone = zoneNames.compare(a.zone.ru, b.zone.ru)
    if (zone !== 0) return zone
  }
  return tableCodeOrder.compare(a.code, b.code)
}

/**
 * Tables with something waiting first (`waits`: a call, an order to carry, …), then the rest, each
 * group as `byZoneThenCode` orders it: a busy table is never below an empty one (issue 30).
 */
export function waitingFirst<T extends { code: string; zone: LocalizedText | null }>(
  waits: (table: T) => boolean,
): (a: T, b: T) => number {
  return (a, b) => Number(waits(b)) - Number(waits(a)) || byZoneThenCode(a, b)
}
