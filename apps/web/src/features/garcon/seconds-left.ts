/** Whole seconds from `now` until `until` (ms), rounded up: "1 s" shows until the wait is over. */
export const secondsLeft = (until: number, now: number): number =>
  Math.max(0, Math.ceil((until - now) / 1000))
