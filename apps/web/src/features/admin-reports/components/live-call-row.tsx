import type { LiveCall } from '@tableside/contracts/admin-reports'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { adminReportsMessages } from '../admin-reports-messages'
import { callLateness } from '../call-lateness'
import { waitedParts } from '../report-dates'

type Key = Parameters<Translate<keyof (typeof adminReportsMessages)['en']>>[0]

function age(since: string, now: number, t: Translate<Key>): string {
  const parts = waitedParts(since, now)
  switch (parts.unit) {
    case 'seconds':
      return t('seconds', { count: parts.count })
    case 'minutes':
      return t('minutes', { count: parts.count })
    case 'hours':
      return t('hours', { hours: parts.hours, minutes: parts.minutes })
  }
}

/** An open call: its table and reason, how long it has waited, and whether that is late. */
export function CallRow({
  call,
  now,
  escalationSeconds,
  t,
}: {
  call: LiveCall
  now: number
  escalationSeconds: number | undefined
  t: Translate<Key>
}) {
  const lateness = callLateness(call, now, escalationSeconds)
  return (
    <li className={`day-call${lateness ? ' day-call--late' : ''}`}>
      <div className="day-row__head">
        <strong>{t('tableLabel', { label: call.table.label })}</strong>
        <span className="day-badge">{t(`reason_${call.reason}`)}</span>
        {lateness ? (
          <span className="day-badge day-badge--late">
            <LateMark />
            {lateness.lateBySeconds === null
              ? t('late')
              : t('lateBy', {
                  age: age(new Date(now - lateness.lateBySeconds * 1000).toISOString(), now, t),
                })}
          </span>
        ) : null}
        <span className="day-call__age">
          {t('waitingFor', { age: age(call.createdAt, now, t) })}
        </span>
      </div>
      {call.comment ? <p className="day-row__text">{call.comment}</p> : null}
      <p className="day-muted">
        {call.acknowledgedBy
          ? t('acknowledged', { name: call.acknowledgedBy })
          : call.waiters.map((waiter) => waiter.name).join(', ')}
        {call.escalated ? ` · ${t('escalated')}` : ''}
      </p>
    </li>
  )
}

/** An exclamation mark in a circle: late reads as late without its colour too. */
function LateMark() {
  return (
    <svg className="day-badge__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path
        d="M8 4.2v4.6M8 11.2v.3"
        stroke="var(--color-danger)"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  )
}
