import type { LiveCall } from '@tableside/contracts/admin-reports'

/** How late a call is, in whole seconds past the escalation time (null: late by how long, unknown). */
export interface CallLateness {
  lateBySeconds: number | null
}

/**
 * Whether an open call is late: it waited longer than the restaurant's call escalation time
 * (`callEscalationSeconds`, the back office's settings), or the server escalated it already to
 * every waiter on shift (it did at the time set when the call was made, which a later change of
 * the setting does not move). An acknowledged call is being seen to: not late.
 */
export function callLateness(
  call: Pick<LiveCall, 'status' | 'createdAt' | 'escalated'>,
  now: number,
  escalationSeconds: number | undefined,
): CallLateness | null {
  if (call.status !== 'open') return null
  if (escalationSeconds !== undefined) {
    const over = Math.floor((now - Date.parse(call.createdAt)) / 1000) - escalationSeconds
    if (over > 0) return { lateBySeconds: over }
  }
  return call.escalated ? { lateBySeconds: null } : null
}
