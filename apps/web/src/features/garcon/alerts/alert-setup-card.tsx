import { useId, type ReactNode } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { BellIcon } from '../../../components/ui/icons'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { alertMessages } from './alert-messages'
import type { AlertSetup } from './alert-setup'

type T = Translate<keyof (typeof alertMessages)['en']>

export interface AlertSetupCardProps {
  setup: AlertSetup
  soundReady: boolean
  t: T
  onTurnOn: () => void
  onNotNow: () => void
  onSound: () => void
  onPush: (on: boolean) => void
}

/**
 * How alerts reach the waiter here, and the one step that would make them reach further. Asks
 * the browser for notifications only when the waiter taps "Turn on alerts".
 */
export function AlertSetupCard({ setup, soundReady, t, ...act }: AlertSetupCardProps) {
  const titleId = useId()
  const soundButton = soundReady ? null : (
    <button type="button" className={buttonClass('secondary')} onClick={act.onSound}>
      {t('soundOn')}
    </button>
  )
  switch (setup.step) {
    case 'offer':
      if (setup.later) {
        return (
          <Line text={t('setupLater')}>
            <button type="button" className={buttonClass('secondary')} onClick={act.onTurnOn}>
              {t('turnOn')}
            </button>
          </Line>
        )
      }
      return (
        <section className="alert-setup card" aria-labelledby={titleId} data-tone="offer">
          <span className="alert-setup__icon">
            <BellIcon />
          </span>
          <div className="alert-setup__body">
            <h2 id={titleId} className="alert-setup__title">
              {t('setupTitle')}
            </h2>
            <p>{t('setupOffer')}</p>
            <div className="alert-setup__actions">
              <button type="button" className={buttonClass('primary')} onClick={act.onTurnOn}>
                {t('turnOn')}
              </button>
              <button type="button" className={buttonClass('secondary')} onClick={act.onNotNow}>
                {t('notNow')}
              </button>
            </div>
          </div>
        </section>
      )
    case 'asking':
      return <Line text={t('asking')} />
    case 'denied':
      return (
        <section className="alert-setup card" aria-labelledby={titleId} data-tone="blocked">
          <span className="alert-setup__icon">
            <BellIcon />
          </span>
          <div className="alert-setup__body">
            <h2 id={titleId} className="alert-setup__title">
              {t('setupDenied')}
            </h2>
            <p>{t('setupDeniedHow')}</p>
            {soundButton ? <div className="alert-setup__actions">{soundButton}</div> : null}
          </div>
        </section>
      )
    case 'insecure':
      return <Line text={t('setupInsecure')}>{soundButton}</Line>
    case 'unsupported':
      return <Line text={t('setupUnsupported')}>{soundButton}</Line>
    case 'on':
      return (
        <Line
          text={`${t('setupOn')} ${
            setup.push === 'subscribed'
              ? t('setupOnLocked')
              : setup.push === 'subscribing'
                ? t('setupSubscribing')
                : setup.push === 'failed'
                  ? t('setupPushFailed')
                  : setup.push === 'off'
                    ? t('setupPushOff')
                    : t('setupPushUnavailable')
          }`}
        >
          {soundButton}
          {setup.push === 'subscribed' ? (
            <button type="button" className="alert-setup__link" onClick={() => act.onPush(false)}>
              {t('pushOff')}
            </button>
          ) : setup.push === 'off' || setup.push === 'failed' ? (
            <button type="button" className="alert-setup__link" onClick={() => act.onPush(true)}>
              {t('pushOn')}
            </button>
          ) : null}
        </Line>
      )
  }
}

function Line({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="alert-setup alert-setup--line" role="status">
      <BellIcon size={20} className="alert-setup__line-icon" />
      <p>{text}</p>
      {children ? <div className="alert-setup__actions">{children}</div> : null}
    </div>
  )
}
