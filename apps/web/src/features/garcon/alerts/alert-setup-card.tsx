import { useId, type ReactNode } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { BellIcon } from '../../../components/ui/icons'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { alertMessages } from './alert-messages'
import type { AlertSetup } from './alert-setup'

type T = Translate<keyof (typeof alertMessages)['en']>

export interface AlertSetupCardProps {
  setup: AlertSetup
  t: T
  onTurnOn: () => void
  onNotNow: () => void
  onPush: (on: boolean) => void
}

/**
 * How alerts reach the waiter here, and the one step that would make them reach further. Asks
 * the browser for notifications only when the waiter taps "Turn on alerts".
 */
export function AlertSetupCard({ setup, t, ...act }: AlertSetupCardProps) {
  const titleId = useId()
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
          </div>
        </section>
      )
    case 'insecure':
      return <Line text={t('setupInsecure')} />
    case 'unsupported':
      return <Line text={t('setupUnsupported')} />
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
          {setup.push === 'subscribed' ? (
            <button
              type="button"
              className="text-button alert-setup__link"
              onClick={() => act.onPush(false)}
            >
              {t('pushOff')}
            </button>
          ) : setup.push === 'off' || setup.push === 'failed' ? (
            <button
              type="button"
              className="text-button alert-setup__link"
              onClick={() => act.onPush(true)}
            >
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
      <div className="alert-setup__body">
        <p>{text}</p>
        {children}
      </div>
    </div>
  )
}

/** Whether the setup asks something of the waiter now (it goes above the feed) or only tells. */
export const setupAsks = (setup: AlertSetup): boolean =>
  (setup.step === 'offer' && !setup.later) || setup.step === 'asking'

/** Phones play sound only after a tap on the page: one tap here, once per visit. */
export function SoundPrompt({ t, onSound }: { t: T; onSound: () => void }) {
  return (
    <div className="alert-setup alert-setup--line alert-setup--sound">
      <BellIcon size={20} className="alert-setup__line-icon" />
      <div className="alert-setup__body">
        <p>
          <strong>{t('soundTitle')}</strong> {t('soundText')}
        </p>
        <button type="button" className={buttonClass('primary')} onClick={onSound}>
          {t('soundOn')}
        </button>
      </div>
    </div>
  )
}
