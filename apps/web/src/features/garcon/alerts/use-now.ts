import { useEffect, useState } from 'react'
import { nextChangeIn } from './waited'

/**
 * The clock the feed's "waiting 45 s" is drawn with: it ticks when the soonest of those words
 * would change (each second under a minute, then on the minute), and not at all with no alerts.
 */
export function useNow(since: readonly string[]): number {
  const [now, setNow] = useState(() => Date.now())
  const key = since.join('|')
  useEffect(() => {
    if (key === '') return
    const current = Date.now()
    const wait = Math.min(...key.split('|').map((createdAt) => nextChangeIn(createdAt, current)))
    const timer = setTimeout(() => setNow(Date.now()), wait + 20)
    return () => clearTimeout(timer)
  }, [key, now])
  return now
}
