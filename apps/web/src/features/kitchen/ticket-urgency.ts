import type { KitchenThresholds } from '@tableside/contracts/kitchen'

export type Urgency = 'on-time' | 'soon' | 'late'

/** How late a ticket is, at the restaurant's thresholds (decision 0070). */
export function urgencyOf(elapsedMs: number, thresholds: KitchenThresholds): Urgency {
  const minutes = elapsedMs / 60_000
  if (minutes >= thresholds.lateMinutes) return 'late'
  if (minutes >= thresholds.warnMinutes) return 'soon'
  return 'on-time'
}

/** `m:ss` under an hour, `h:mm:ss` beyond; never negative (a clock a little ahead). */
export function formatElapsed(elapsedMs: number): string {
  const total = Math.max(0, Math.floor(elapsedMs / 1000))
  const seconds = String(total % 60).padStart(2, '0')
  const minutes = Math.floor(total / 60) % 60
  const hours = Math.floor(total / 3600)
  return hours > 0
    ? `${String(hours)}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${String(minutes)}:${seconds}`
}
