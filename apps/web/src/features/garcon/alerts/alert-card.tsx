import type { ReactNode } from 'react'
import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import type { WaiterCall } from '@tableside/contracts/waiter-calls'
import { buttonClass } from '../../../components/ui/button'
import { BellIcon, BillIcon, OrdersIcon } from '../../../components/ui/icons'
import { CardIcon, CheckCircleIcon } from '../../../components/ui/screen-icons'
import type { Translate } from '../../../lib/i18n/use-translation'
import { TablesIcon } from '../components/garcon-icons'
import type { alertMessages } from './alert-messages'
import { alertKind, alertTitle, alertWhere, type KnownKind } from './alert-words'
import { waitedForm, waitedSince } from './waited'

type T = Translate<keyof (typeof alertMessages)['en']>

export interface AlertCardProps {
  alert: GarconAlert
  /** The call it is about as last heard, when it is about one. */
  call: WaiterCall | undefined
  waiterId: string
  now: number
  t: T
  money: (minor: number) => string
  busy: boolean
  failed: boolean
  onAnswer: (step: 'acknowledge' | 'done') => void
  onRead: () => void
}

const JUST_NOW_SECONDS = 5

const icons: Record<KnownKind, ReactNode> = {
  call: <BellIcon />,
  order: <OrdersIcon />,
  payment: <CardIcon />,
  ready: <CheckCircleIcon />,
  ended: <TablesIcon />,
  moved: <TablesIcon />,
  other: <BellIcon />,
}

/** "45 s", "3 min", "1 h 5 min"; undefined for the first seconds ("just now"). */
export function waitedText(createdAt: string, now: number, t: T): string | undefined {
  const waited = waitedSince(createdAt, now)
  if (waited.hours === 0 && waited.minutes === 0 && waited.seconds < JUST_NOW_SECONDS) {
    return undefined
  }
  switch (waitedForm(waited)) {
    case 'seconds':
      return t('waitedSeconds', { seconds: waited.seconds })
    case 'minutes':
      return t('waitedMinutes', { minutes: waited.minutes })
    case 'hours':
      return t('waitedHours', { hours: waited.hours, minutes: waited.minutes })
  }
}

/** One alert: what, where, how long ago, and what the waiter can do about it. */
export function AlertCard(props: AlertCardProps) {
  const { alert, call, waiterId, now, t, money, busy, failed, onAnswer, onRead } = props
  const kind = alertKind(alert)
  const status = kind === 'call' ? (call?.status ?? 'open') : undefined
  const time = waitedText(alert.createdAt, now, t)
  const comment = alert.detail.comment
  return (
    <li className="alert-card card" data-kind={kind} data-status={status}>
      <span className="alert-card__icon">
        {kind === 'call' && alert.detail.reason === 'bill' ? <BillIcon /> : icons[kind]}
      </span>
      <div className="alert-card__body">
        <h3 className="alert-card__title">{alertTitle(alert, t)}</h3>
        <div className="alert-card__meta">
          <p className="alert-card__where">{alertWhere(alert, t, money)}</p>
          <span className="alert-card__time">
            {time === undefined
              ? t('justNow')
              : status === 'open'
                ? t('waitedLabel', { time })
                : t('agoLabel', { time })}
          </span>
        </div>
        {comment ? <p className="alert-card__comment">«{comment}»</p> : null}
        {alert.detail.escalated ? <p className="alert-card__escalated">{t('escalated')}</p> : null}
        {call && call.status !== 'open' ? (
          <p className="alert-card__status">
            {call.status === 'done'
              ? t('callDone')
              : call.acknowledgedBy?.id === waiterId
                ? t('youAreComing')
                : t('someoneComing', { name: call.acknowledgedBy?.name ?? '—' })}
          </p>
        ) : null}
        {failed ? (
          <p className="alert-card__error" role="alert">
            {t('answerFailed')}
          </p>
        ) : null}
        <div className="alert-card__actions">
          {status === 'open' ? (
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={busy}
              onClick={() => onAnswer('acknowledge')}
            >
              {t('onMyWay')}
            </button>
          ) : null}
          {status === 'open' || status === 'acknowledged' ? (
            <button
              type="button"
              className={buttonClass(status === 'open' ? 'secondary' : 'primary')}
              disabled={busy}
              onClick={() => onAnswer('done')}
            >
              {t('done')}
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy}
              onClick={onRead}
            >
              {status === 'done' ? t('clear') : t('seen')}
            </button>
          )}
        </div>
      </div>
    </li>
  )
}
