import { useId } from 'react'
import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import { buttonClass } from '../../../components/ui/button'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AlertCalls } from '../api/alerts'
import { alertLines, type AlertFeed as Feed } from './alert-feed-state'
import { AlertCard } from './alert-card'
import { AlertLine } from './alert-line'
import type { alertMessages } from './alert-messages'
import { useNow } from './use-now'

type T = Translate<keyof (typeof alertMessages)['en']>

export interface AlertFeedProps {
  feed: Feed | undefined
  failed: boolean
  onRetry: () => void
  calls: AlertCalls
  waiterId: string
  t: T
  money: (minor: number) => string
  /** The alert whose action is being sent, and the one whose last action failed. */
  pending: string | undefined
  failedAlert: string | undefined
  onAnswer: (alert: GarconAlert, step: 'acknowledge' | 'done') => void
  onRead: (alert: GarconAlert) => void
  onReadAll: () => void
  readingAll: boolean
}

/**
 * The waiter's unread alerts, one line per table (issue 30), each opening into its alerts with how
 * long they have waited. What was handled has already left (decision 0123).
 */
export function AlertFeed(props: AlertFeedProps) {
  const { feed, failed, onRetry, calls, waiterId, t, money, pending, failedAlert } = props
  const titleId = useId()
  const now = useNow((feed?.alerts ?? []).map((alert) => alert.createdAt))
  const lines = alertLines(feed?.alerts ?? [], now)
  const alerts = lines.flatMap((line) => line.alerts)
  // News past its minutes has left the lines: it no longer counts either.
  const unread = Math.max(0, (feed?.unread ?? 0) - ((feed?.alerts.length ?? 0) - alerts.length))
  return (
    <section className="alert-feed" aria-labelledby={titleId}>
      <div className="alert-feed__head">
        <h2 id={titleId} className="alert-feed__title">
          {t('feedTitle')}
          {unread > 0 ? (
            <span className="alert-feed__count">
              <span aria-hidden="true">{unread}</span>
              <span className="visually-hidden">{t('unread', { count: unread })}</span>
            </span>
          ) : null}
        </h2>
        {alerts.length > 1 ? (
          <button
            type="button"
            className="text-button alert-feed__read-all"
            disabled={props.readingAll}
            onClick={props.onReadAll}
          >
            {t('readAll')}
          </button>
        ) : null}
      </div>
      {failed && !feed ? (
        <div className="alert-feed__empty">
          <p>{t('loadFailed')}</p>
          <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      ) : feed && alerts.length === 0 ? (
        <p className="alert-feed__empty">{t('empty')}</p>
      ) : (
        <ul className="alert-feed__list" aria-busy={!feed}>
          {lines.map((line) => (
            <AlertLine
              key={line.key}
              line={line}
              openCall={line.alerts.findLast(
                (alert) =>
                  alert.callId !== null && (calls[alert.callId]?.status ?? 'open') === 'open',
              )}
              now={now}
              t={t}
            >
              {line.alerts.map((alert) => (
                <AlertCard
                  key={alert.id}
                  alert={alert}
                  call={alert.callId === null ? undefined : calls[alert.callId]}
                  waiterId={waiterId}
                  now={now}
                  t={t}
                  money={money}
                  busy={pending === alert.id}
                  failed={failedAlert === alert.id}
                  onAnswer={(step) => props.onAnswer(alert, step)}
                  onRead={() => props.onRead(alert)}
                />
              ))}
            </AlertLine>
          ))}
        </ul>
      )}
    </section>
  )
}
