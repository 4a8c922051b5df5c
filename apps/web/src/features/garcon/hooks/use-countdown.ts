import { useEffect, useState } from 'react'
import { secondsLeft } from '../seconds-left'

/** Seconds left of a wait that `start` begins; ticks while there are any. */
export function useCountdown(): { left: number; start: (seconds: number) => void } {
  const [clock, setClock] = useState({ until: 0, now: 0 })
  useEffect(() => {
    if (clock.until <= clock.now) return
    const timer = setTimeout(() => setClock((c) => ({ ...c, now: Date.now() })), 250)
    return () => clearTimeout(timer)
  }, [clock])
  return {
    left: secondsLeft(clock.until, clock.now),
    start: (seconds) => {
      const now = Date.now()
      setClock({ until: now + seconds * 1000, now })
    },
  }
}
