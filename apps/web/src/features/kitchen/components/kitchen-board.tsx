import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  KITCHEN_UNDO_SECONDS,
  type KitchenBoard as Board,
  type KitchenTicket,
} from '@tableside/contracts/kitchen'
import { useApiClient } from '../../../lib/app-context'
import { isApiError } from '../../../lib/api-error'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { createStoredValue, useStoredValue } from '../../../lib/stored-value'
import { createBumpActions } from '../api/bump-actions'
import { bump, unbump, undo } from '../api/bumps'
import { kitchenBoardQueryOptions } from '../api/kitchen-board'
import { boardLanes } from '../board-lanes'
import { noteServerTime, useServerMinute } from '../hooks/use-clock'
import { useKitchenLive } from '../hooks/use-kitchen-live'
import { kitchenMessages } from '../kitchen-messages'
import { LaterLane } from './later-lane'
import { StationTabs, ALL, DEFAULT } from './station-tabs'
import { TicketCard, type TicketActions } from './ticket-card'
import { UndoToast, type UndoOffer } from './undo-toast'

/** Which station this screen shows, kept per device: a wall tablet stays on its station. */
const shownStation = createStoredValue(
  'tableside.kitchen-station.v1',
  (stored) => (typeof stored === 'string' ? stored : ALL),
  ALL,
)

/** The kitchen display (issue 17): tickets by station, oldest first, bumped with a tap. */
export function KitchenBoard({
  restaurantId,
  documentTitle,
  timeZone,
  signOut,
}: {
  restaurantId: string
  /** The restaurant's name, for the page's title. */
  documentTitle: string
  /** The restaurant's: a ticket's wanted time is on its clock, whatever the tablet's zone. */
  timeZone: string
  /** What ends the top bar (the app layer's): the language switch and the way out. */
  signOut?: ReactNode
}) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t, language } = useMessages(kitchenMessages)
  const board = useQuery(kitchenBoardQueryOptions(api))
  useKitchenLive(restaurantId)
  const station = useStoredValue(shownStation, ALL)
  const [offer, setOffer] = useState<UndoOffer | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const reason = useStaffErrorText()
  const describe = (error: unknown) => {
    if (isApiError(error) && error.code === 'undo_expired') return t('undoExpired')
    if (isApiError(error) && error.status === 0) return t('offline')
    return t('failed', { message: reason(error) })
  }
  const latest = useRef({ describe, language, t })
  useEffect(() => {
    latest.current = { describe, language, t }
  })
  useEffect(() => {
    if (board.data) noteServerTime(board.data.now)
  }, [board.data])

  // One object for every card, made once: the cards' memo holds while their tickets do.
  const bumps = useMemo(
    () =>
      createBumpActions({
        queryClient,
        send: {
          bump: (orderId, lines) => bump(api, orderId, lines),
          unbump: (orderId, line) => unbump(api, orderId, line),
          undo: (bumpId) => undo(api, bumpId),
        },
        onBumped(ticket, lines, result, at) {
          if (!result.bumpId) return
          const { t: say, language: lang } = latest.current
          const names = ticket.items
            .filter((item) => lines.includes(item.line))
            .map((item) => localized(item.name, lang))
          const what = `№${String(ticket.orderNumber)} ${names.join(', ')}`
          setOffer({
            bumpId: result.bumpId,
            orderId: ticket.orderId,
            lines,
            text:
              result.orderStatus === 'ready'
                ? say('orderReady', { number: ticket.orderNumber })
                : say('bumped', { what }),
            until: at + KITCHEN_UNDO_SECONDS * 1000,
          })
        },
        onProblem: (error) => setProblem(latest.current.describe(error)),
      }),
    [api, queryClient],
  )
  const actions = useMemo<TicketActions>(
    () => ({
      bump(ticket, lines) {
        setProblem(null)
        bumps.bump(ticket, lines)
      },
      unbump(ticket, line) {
        setProblem(null)
        bumps.unbump(ticket, line)
      },
    }),
    [bumps],
  )

  const undoLast = (target: UndoOffer) => {
    setOffer(null)
    setProblem(null)
    bumps.undo(target)
  }

  if (board.isPending) {
    return (
      <main id="main" className="kitchen kitchen--message">
        <p role="status">{t('loading')}</p>
      </main>
    )
  }
  if (board.isError) {
    return (
      <main id="main" className="kitchen kitchen--message">
        <p role="alert">{t('loadFailed')}</p>
        <button type="button" className="kitchen-button" onClick={() => void board.refetch()}>
          {t('retry')}
        </button>
      </main>
    )
  }
  return (
    <KitchenView
      board={board.data}
      timeZone={timeZone}
      station={station}
      actions={actions}
      offer={offer}
      problem={problem}
      stale={board.isRefetchError}
      title={`${t('title')} · ${documentTitle}`}
      signOut={signOut}
      onStation={(id) => shownStation.set(id)}
      onUndo={undoLast}
      onDismiss={() => setOffer(null)}
    />
  )
}

interface KitchenViewProps {
  board: Board
  timeZone: string
  title: string
  signOut: ReactNode
  station: string
  actions: TicketActions
  offer: UndoOffer | null
  problem: string | null
  stale: boolean
  onStation: (id: string) => void
  onUndo: (offer: UndoOffer) => void
  onDismiss: () => void
}

function KitchenView({
  board,
  timeZone,
  title,
  signOut,
  station,
  actions,
  offer,
  problem,
  stale,
  onStation,
  onUndo,
  onDismiss,
}: KitchenViewProps) {
  const { t } = useMessages(kitchenMessages)
  const now = useServerMinute()
  const lanes = useMemo(() => boardLanes(board, now), [board, now])
  const names = useMemo(
    () => new Map(board.stations.map((each) => [each.id, each.name])),
    [board.stations],
  )
  const counts = useMemo(() => {
    const open = new Map<string, number>()
    for (const ticket of lanes.live) {
      if (ticket.items.every((item) => item.bumpedAt !== null)) continue
      const key = ticket.stationId ?? DEFAULT
      open.set(key, (open.get(key) ?? 0) + 1)
    }
    return open
  }, [lanes.live])
  const hasDefault = lanes.live.some((ticket) => ticket.stationId === null)
  const known = station === ALL || names.has(station) || (station === DEFAULT && hasDefault)
  const shown = known ? station : ALL
  const atStation = (ticket: KitchenTicket) =>
    shown === ALL ? true : (ticket.stationId ?? DEFAULT) === shown
  const tickets = lanes.live.filter(atStation)
  // The lane lists orders: one line for an order whatever stations cook it.
  const later = lanes.later
    .filter(atStation)
    .filter((ticket, index, all) => all.findIndex((o) => o.orderId === ticket.orderId) === index)
  const stationName = (ticket: KitchenTicket) =>
    ticket.stationId === null ? t('defaultStation') : (names.get(ticket.stationId) ?? '')

  return (
    <main id="main" className="kitchen">
      <title>{title}</title>
      <header className="kitchen__bar">
        <h1 className="kitchen__title">{t('title')}</h1>
        {/* No stations: one kitchen, nothing to choose between. */}
        {board.stations.length > 0 && (
          <StationTabs
            stations={board.stations}
            hasDefault={hasDefault}
            counts={counts}
            total={[...counts.values()].reduce((sum, count) => sum + count, 0)}
            shown={shown}
            onShow={onStation}
          />
        )}
        {signOut && <div className="kitchen__end">{signOut}</div>}
      </header>
      {(stale || problem) && (
        <p className="kitchen__problem" role="alert">
          {problem ?? t('offline')}
        </p>
      )}
      <LaterLane tickets={later} timeZone={timeZone} now={now} />
      <section className="kitchen__tickets" aria-label={t('ticketsLabel')}>
        {tickets.length === 0 ? (
          <p className="kitchen__empty">{shown === ALL ? t('empty') : t('emptyStation')}</p>
        ) : (
          tickets.map((ticket) => (
            <TicketCard
              key={ticket.key}
              ticket={ticket}
              stationName={stationName(ticket)}
              thresholds={board.thresholds}
              timeZone={timeZone}
              actions={actions}
            />
          ))
        )}
      </section>
      {offer && (
        <UndoToast key={offer.bumpId} offer={offer} onUndo={onUndo} onDismiss={onDismiss} />
      )}
    </main>
  )
}
