import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import { useMessages } from '../../../lib/i18n/use-translation'
import {
  alertCallsKey,
  useAnswerCall,
  useReadAlert,
  useReadAllAlerts,
  type AlertCalls,
} from '../api/alerts'
import { AlertFeed } from '../alerts/alert-feed'
import type { AlertFeed as Feed } from '../alerts/alert-feed-state'
import { alertMessages } from '../alerts/alert-messages'
import { notifies } from '../alerts/alert-setup'
import { AlertSetupCard, setupAsks, SoundPrompt } from '../alerts/alert-setup-card'
import { buzz, playChime, unlockSound } from '../alerts/alert-sound'
import { alertKind, alertTag, alertTitle, alertWhere } from '../alerts/alert-words'
import { showAlertNotification } from '../alerts/system-notification'
import { useAlertFeed } from '../alerts/use-alert-feed'
import { useAlertSetup } from '../alerts/use-alert-setup'
import { ShiftSwitch } from './shift-switch'
import '../../../components/ui/card.css'

interface GarconHomeProps {
  waiterId: string
  /** The waiter's screen, `/rest/{rid}/garcon`: the service worker's scope and where a notification leads. */
  screenPath: string
  money: (minor: number) => string
  /**
   * The tables section, given the feed (for alerts per table): the floor (sessions, orders, what
   * is due, open calls), `floor/floor.tsx`.
   */
  tables: (feed: Feed | undefined) => ReactNode
}

/**
 * The waiter's live screen: whether they are on shift (calls reach those who are), how alerts
 * reach them, the alert feed, their tables.
 */
export function GarconHome({ waiterId, screenPath, money, tables }: GarconHomeProps) {
  const { t } = useMessages(alertMessages)
  const { setup, ask, notNow, setPush } = useAlertSetup(screenPath)
  const [soundReady, setSoundReady] = useState(false)
  const [announcement, setAnnouncement] = useState('')

  const wakeSound = useCallback(() => {
    void unlockSound().then(setSoundReady)
  }, [])
  // A page the waiter has touched (signing in on it) may play sound at once; otherwise the
  // first tap anywhere turns it on.
  useEffect(() => {
    wakeSound()
    document.addEventListener('pointerdown', wakeSound, { once: true })
    document.addEventListener('keydown', wakeSound, { once: true })
    return () => {
      document.removeEventListener('pointerdown', wakeSound)
      document.removeEventListener('keydown', wakeSound)
    }
  }, [wakeSound])

  const onNew = (alert: GarconAlert) => {
    const urgent = alertKind(alert) === 'call'
    playChime(urgent)
    buzz(urgent)
    const title = alertTitle(alert, t)
    const where = alertWhere(alert, t, money)
    setAnnouncement(t('announce', { title, where }))
    if (notifies(setup, document.visibilityState === 'hidden')) {
      void showAlertNotification({ title, body: where, tag: alertTag(alert), url: screenPath })
    }
  }
  const feed = useAlertFeed(waiterId, onNew)
  const calls = useQuery<AlertCalls>({
    queryKey: alertCallsKey,
    queryFn: () => ({}),
    initialData: {},
    staleTime: Infinity,
  }).data
  const answer = useAnswerCall()
  const read = useReadAlert()
  const readAll = useReadAllAlerts()
  const pendingAlert = answer.isPending
    ? answer.variables.alertId
    : read.isPending
      ? read.variables
      : undefined
  const failedAlert = answer.isError
    ? answer.variables.alertId
    : read.isError
      ? read.variables
      : undefined

  const setupCard = (
    <AlertSetupCard
      setup={setup}
      t={t}
      onTurnOn={() => {
        wakeSound()
        void ask()
      }}
      onNotNow={notNow}
      onPush={setPush}
    />
  )
  return (
    <div className="garcon-live">
      <ShiftSwitch />
      {setupAsks(setup) ? setupCard : soundReady ? null : <SoundPrompt t={t} onSound={wakeSound} />}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <AlertFeed
        feed={feed.data}
        failed={feed.isError}
        onRetry={() => void feed.refetch()}
        calls={calls}
        waiterId={waiterId}
        t={t}
        money={money}
        pending={pendingAlert}
        failedAlert={failedAlert}
        onAnswer={(alert, step) => {
          if (alert.callId) answer.mutate({ alertId: alert.id, callId: alert.callId, step })
        }}
        onRead={(alert) => read.mutate(alert.id)}
        onReadAll={() => readAll.mutate()}
        readingAll={readAll.isPending}
      />
      {tables(feed.data)}
      {setupAsks(setup) ? null : setupCard}
    </div>
  )
}
