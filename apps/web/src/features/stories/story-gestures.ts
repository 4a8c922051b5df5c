/** What a press on a story meant, from where it started and ended and how long it lasted. */
export type StoryGesture = 'next' | 'previous' | 'close' | 'hold'

export interface Press {
  dx: number
  dy: number
  durationMs: number
}

/** A press longer than this only paused the story; letting go resumes it. */
export const HOLD_MS = 350
const SWIPE_PX = 48
const TAP_SLOP_PX = 12

/**
 * A quick tap goes by the half of the screen it lands on (tap zones decide that); a horizontal
 * swipe moves like a page turn, a swipe down closes, a long press only paused.
 */
export function classifyPress({ dx, dy, durationMs }: Press): StoryGesture | 'tap' {
  const ax = Math.abs(dx)
  const ay = Math.abs(dy)
  if (ax >= SWIPE_PX && ax > ay) return dx < 0 ? 'next' : 'previous'
  if (dy >= SWIPE_PX * 2 && ay > ax) return 'close'
  if (ax <= TAP_SLOP_PX && ay <= TAP_SLOP_PX && durationMs < HOLD_MS) return 'tap'
  return 'hold'
}

export type SegmentState = 'done' | 'current' | 'upcoming'

export function segmentState(segment: number, current: number): SegmentState {
  if (segment < current) return 'done'
  return segment === current ? 'current' : 'upcoming'
}

/** The story after this one, or null when the last one ends and the viewer closes. */
export function nextStory(index: number, count: number): number | null {
  return index + 1 < count ? index + 1 : null
}

/** The story before this one; on the first, it starts again. */
export function previousStory(index: number): number {
  return Math.max(0, index - 1)
}
