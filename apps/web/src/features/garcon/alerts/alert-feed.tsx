import { useId } from 'react'
import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import { buttonClass } from '../../../components/ui/button'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AlertCalls } from '../api/alerts'
import type { AlertFeed as Feed } from './alert-feed-state'
import { AlertCard } from './alert-card'
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

/** The waiter's unread alerts, newest first, each with how long it has waited. */
export function AlertFeed(props: AlertFeedProps) {
  const { feed, failed, onRetry, calls, waiterId, t, money, pending, failedAlert } = props
  const titleId = useId()
  const alerts = feed?.alerts ?? []
  const now = useNow(alerts.map((alert) => alert.createdAt))
  return (
    <section className="alert-feed" aria-labelledby={titleId}>
      <div className="alert-feed__head">
        <h2 id={titleId} className="alert-feed__title">
          {t('feedTitle')}
          {feed && feed.unread > 0 ? (
            <span className="alert-feed__count">
              <span aria-hidden="true">{feed.unread}</span>
              <span className="visually-hidden">{t('unread', { count: feed.unread })}</span>
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
          {alerts.map((alert) => (
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
        </ul>
      )}
    </section>
  )
}
