import { useEffect, useId, useLayoutEffect, useRef } from 'react'
import { Link } from '../../../components/ui/link'
import { useQuery } from '@tanstack/react-query'
import { tableSessionClosed } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { buttonClass } from '../../../components/ui/button'
import { QrIcon } from '../../../components/ui/status-icons'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { isEndedAnswer, tableSessionQueryOptions } from '../api/get-table-session'
import { clearSessionEnded, endTableSession, useEndedSession } from '../session-ended-store'
import { useStoredTableSession } from '../table-session-store'
import { tableSessionMessages } from '../table-session-messages'
import './session-expiry-notice.css'

interface SessionExpiryNoticeProps {
  restaurantId: string
  /** Where "order for delivery or pickup" leads; left out, the notice offers only "Got it". */
  elsewhereHref?: string
}

/**
 * The session-expiry notice (spec §2): watches the table session this browser holds (the
 * server's word when the screen opens or regains focus, and the table's live channel) and,
 * once it has ended, forgets it and says so calmly. The cart stays as it was.
 */
export function SessionExpiryNotice({ restaurantId, elsewhereHref }: SessionExpiryNoticeProps) {
  const api = useApiClient()
  const stored = useStoredTableSession(restaurantId)
  const ended = useEndedSession(restaurantId)
  const server = useQuery({
    ...tableSessionQueryOptions(api, stored?.id ?? ''),
    enabled: stored !== null,
  })
  const endedNow = stored !== null && isEndedAnswer(server.data, server.error)
  useEffect(() => {
    if (endedNow) endTableSession(restaurantId, stored.id)
  }, [endedNow, restaurantId, stored])
  useChannelEvent(
    stored ? tableChannel(stored.id) : undefined,
    tableSessionClosed,
    ({ sessionId }) => endTableSession(restaurantId, sessionId),
  )
  if (!ended) return null
  return (
    <EndedDialog
      tableLabel={ended.tableLabel}
      elsewhereHref={elsewhereHref}
      onClose={() => clearSessionEnded(restaurantId)}
    />
  )
}

interface EndedDialogProps {
  tableLabel: string | null
  elsewhereHref: string | undefined
  onClose: () => void
}

function EndedDialog({ tableLabel, elsewhereHref, onClose }: EndedDialogProps) {
  const { t } = useMessages(tableSessionMessages)
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const textId = useId()
  const latest = useRef(onClose)
  useEffect(() => {
    latest.current = onClose
  })
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const onNativeClose = () => latest.current()
    dialog.addEventListener('close', onNativeClose)
    if (!dialog.open) dialog.showModal()
    return () => {
      dialog.removeEventListener('close', onNativeClose)
      dialog.close()
    }
  }, [])
  return (
    <dialog ref={ref} className="session-ended" aria-labelledby={titleId} aria-describedby={textId}>
      <span className="session-ended__icon">
        <QrIcon size={28} />
      </span>
      <h2 className="session-ended__title" id={titleId}>
        {t('endedTitle')}
      </h2>
      <p className="session-ended__text" id={textId}>
        {tableLabel ? t('endedTextTable', { table: tableLabel }) : t('endedText')}
      </p>
      <div className="session-ended__actions">
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          onClick={onClose}
          autoFocus
        >
          {t('endedOk')}
        </button>
        {elsewhereHref ? (
          <Link
            className={buttonClass('secondary', { block: true })}
            to={elsewhereHref}
            onClick={onClose}
          >
            {t('endedElsewhere')}
          </Link>
        ) : null}
      </div>
    </dialog>
  )
}
