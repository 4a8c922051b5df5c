import { useId, useState, type ReactNode } from 'react'
import { ChevronDownIcon } from '../../../components/ui/screen-icons'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AlertLine as Line } from './alert-feed-state'
import type { alertMessages } from './alert-messages'
import { alertKind, alertTitle, type KnownKind } from './alert-words'
import { waitedText } from './alert-card'

type T = Translate<keyof (typeof alertMessages)['en']>

/** What the waiter does first comes first in a line: calls, orders to carry, new orders, news. */
const URGENCY: Record<KnownKind, number> = {
  call: 0,
  ready: 1,
  order: 2,
  other: 3,
  payment: 4,
  moved: 4,
  ended: 4,
}

/**
 * "The bill, please · Waiter called · New order ×2": what is at the table, each kind once with how
 * many, the most urgent first.
 */
export function lineSummary(line: Line, t: T): string {
  const counts = new Map<string, number>()
  const byUrgency = [...line.alerts].sort((a, b) => URGENCY[alertKind(a)] - URGENCY[alertKind(b)])
  for (const alert of byUrgency) {
    const title = alertTitle(alert, t)
    counts.set(title, (counts.get(title) ?? 0) + 1)
  }
  // A no-break space before each dot: a wrapped line never starts with "·" (issue 30).
  return [...counts]
    .map(([title, count]) => (count > 1 ? t('times', { title, count }) : title))
    .join('\u00a0· ')
}

export interface AlertLineProps {
  line: Line
  /** The line's oldest call nobody is on the way to yet, whose wait the line shows. */
  openCall: Line['alerts'][number] | undefined
  now: number
  t: T
  /** The line's alerts as cards, drawn when it is opened. */
  children: ReactNode
}

/**
 * A table's alerts in one line (issue 30): where, what, since when; a tap opens its cards. A line
 * with a call nobody is on the way to says how long the guests have waited for it.
 */
export function AlertLine({ line, openCall, now, t, children }: AlertLineProps) {
  const [open, setOpen] = useState(false)
  const cardsId = useId()
  const newest = line.alerts[0]
  const since = openCall ?? newest
  const time = since && waitedText(since.createdAt, now, t)
  const where = line.table ? t('table', { label: line.table.label }) : t('noTable')
  return (
    <li
      className="alert-line card"
      data-kind={line.calls ? 'call' : newest && alertKind(newest)}
      data-open={open || undefined}
    >
      <button
        type="button"
        className="alert-line__toggle"
        aria-expanded={open}
        aria-controls={cardsId}
        onClick={() => setOpen(!open)}
      >
        {/* The time first: it floats at the top right, and where and what flow around it. */}
        <span className="alert-line__time">
          {time === undefined
            ? t('justNow')
            : openCall
              ? t('waitedLabel', { time })
              : t('agoLabel', { time })}
        </span>{' '}
        <span className="alert-line__where">{where}</span>{' '}
        <span className="alert-line__what">{lineSummary(line, t)}</span>
        <ChevronDownIcon className="alert-line__chevron" size={20} />
      </button>
      <ul id={cardsId} className="alert-line__cards" hidden={!open}>
        {open ? children : null}
      </ul>
    </li>
  )
}
