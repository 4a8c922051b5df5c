import type { ClientOrderSummary } from '@tableside/contracts/client'

export type HistoryPoint =
  | { kind: 'earned'; points: number }
  | { kind: 'pending'; points: number }
  | { kind: 'spent'; points: number }

/**
 * What an order did to the diner's bonus card, as the history says it: points spent on it,
 * points earned (the part still waiting for the order to be completed and paid said apart).
 * Nothing for an order that neither earned nor spent.
 */
export function historyPoints({ earned, pending, spent }: ClientOrderSummary['points']) {
  const said: HistoryPoint[] = []
  const available = earned - pending
  if (available > 0) said.push({ kind: 'earned', points: available })
  if (pending > 0) said.push({ kind: 'pending', points: pending })
  if (spent > 0) said.push({ kind: 'spent', points: spent })
  return said
}
