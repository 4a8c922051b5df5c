/** Which way a zone moves: up the list (-1) or down it (1). */
export type Step = -1 | 1

/** The ids with `id` swapped with its neighbour `step` away; null at an end or when not there. */
export function movedBy(ids: readonly string[], id: string, step: Step): string[] | null {
  const from = ids.indexOf(id)
  const to = from + step
  if (from < 0 || to < 0 || to >= ids.length) return null
  const moved = [...ids]
  moved[from] = moved[to] ?? id
  moved[to] = id
  return moved
}

/**
 * Which of the moved zone's buttons takes the focus in the new order `ids`: the one pressed, so
 * the keyboard can press it again, unless the zone now stands at that end and it is off.
 */
export function focusAfterMove(ids: readonly string[], id: string, step: Step): 'up' | 'down' {
  const at = ids.indexOf(id)
  const canGoOn = step < 0 ? at > 0 : at < ids.length - 1
  const same = step < 0 ? 'up' : 'down'
  if (canGoOn || ids.length < 2) return same
  return same === 'up' ? 'down' : 'up'
}
