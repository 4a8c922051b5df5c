import { useId, useState } from 'react'
import type { AdminSession } from '@tableside/contracts/staff'
import { buttonClass } from '../../../components/ui/button'
import { deviceName } from '../../../lib/device-name'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantTime } from '../../../lib/restaurant-time'
import { useEndAllSessions, useEndSession, useSessions } from '../api/admin-sessions'
import { accountMessages } from '../account-messages'

/**
 * Where the manager is signed in (issue 27): each sign-in with its browser, address and times,
 * this device first; another one ended on its own, or every one at once, this one too.
 */
export function SessionsSection({ timeZone }: { timeZone: string }) {
  const { t, language } = useMessages(accountMessages)
  const sessions = useSessions()
  const end = useEndSession()
  const endAll = useEndAllSessions()
  const [confirming, setConfirming] = useState(false)
  const [notice, setNotice] = useState('')
  const title = useId()
  const when = (at: string) =>
    restaurantTime(at, timeZone, dateLocale(language), {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    })
  const label = (session: AdminSession) => {
    const { browser, system } = deviceName(session.userAgent)
    return [browser, system].filter(Boolean).join(', ') || t('unknownDevice')
  }

  return (
    <section className="account__section" aria-labelledby={title}>
      <h3 id={title}>{t('sessionsTitle')}</h3>
      <p className="account__state">{t('sessionsText')}</p>
      <p className="account__done" role="status">
        {notice}
      </p>
      {sessions.isPending ? (
        <p className="account__state">{t('sessionsLoading')}</p>
      ) : sessions.isError ? (
        <div role="alert">
          <p className="account__problem">{t('sessionsFailed')}</p>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void sessions.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : (
        <ul className="account__sessions">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className="account__session" data-current={session.current}>
              <div className="account__session-text">
                <p className="account__device">
                  {label(session)}
                  {session.current ? (
                    <span className="account__this">{t('thisDevice')}</span>
                  ) : null}
                </p>
                <p className="account__when">
                  {[
                    t('signedInAt', { at: when(session.createdAt) }),
                    session.lastUsedAt ? t('lastUsedAt', { at: when(session.lastUsedAt) }) : null,
                    session.address ? t('fromAddress', { address: session.address }) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  aria-label={t('endSessionLabel', { device: label(session) })}
                  aria-disabled={end.isPending || undefined}
                  onClick={() => {
                    if (end.isPending) return
                    end.mutate(session.id, {
                      onSuccess: () => setNotice(t('sessionEnded', { device: label(session) })),
                    })
                  }}
                >
                  {t('endSession')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {end.isError || endAll.isError ? (
        <p className="account__problem" role="alert">
          {t('failed')}
        </p>
      ) : null}
      {confirming ? (
        <div className="account__confirm" role="group" aria-label={t('signOutEverywhere')}>
          <p>{t('signOutEverywhereText')}</p>
          <div className="account__actions">
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => setConfirming(false)}
            >
              {t('cancel')}
            </button>
            <button
              type="button"
              className={`${buttonClass('primary')} account__danger`}
              aria-disabled={endAll.isPending || undefined}
              onClick={() => {
                if (!endAll.isPending) endAll.mutate()
              }}
            >
              {t('signOutEverywhereConfirm')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className={`${buttonClass('secondary')} account__start`}
          onClick={() => setConfirming(true)}
        >
          {t('signOutEverywhere')}
        </button>
      )}
    </section>
  )
}
