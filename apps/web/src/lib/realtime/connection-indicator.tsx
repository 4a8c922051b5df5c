import { use, useEffect, useState, useSyncExternalStore } from 'react'
import { defineMessages } from '../i18n/messages'
import { useMessages } from '../i18n/use-translation'
import { useRealtimeLoader } from './realtime-context'
import './connection-indicator.css'

const messages = defineMessages({
  en: { offline: 'Reconnecting… updates will catch up' },
  ru: { offline: 'Переподключаемся… обновления догонят' },
})

/** Brief drops are normal on a phone: say something only after a few quiet seconds. */
const GRACE_MS = 3_000

/** Quiet: shows nothing while live updates flow, a calm line when they have stopped. */
export function ConnectionIndicator() {
  const connection = use(useRealtimeLoader()())
  const state = useSyncExternalStore(
    (listener) => connection.onStateChange(listener),
    () => connection.state,
  )
  const { t } = useMessages(messages)
  const down = state === 'unavailable' || state === 'failed' || state === 'connecting'
  const [late, setLate] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setLate(down), down ? GRACE_MS : 0)
    return () => clearTimeout(timer)
  }, [down])
  if (!down || !late) return null
  return (
    <p className="connection-indicator" role="status">
      <span className="connection-indicator__dot" aria-hidden="true" />
      {t('offline')}
    </p>
  )
}
