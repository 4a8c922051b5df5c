import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { garconTablesChanged } from '@tableside/contracts/garcon'
import { garconAlertCreated } from '@tableside/contracts/garcon-alerts'
import type {
  FloorOrder,
  FloorSession,
  FloorTable,
  GarconFloor,
} from '@tableside/contracts/garcon-floor'
import { garconChannel, waiterCallUpdated } from '@tableside/contracts/table-events'
import { buttonClass } from '../../../components/ui/button'
import { Link } from '../../../components/ui/link'
import { ApiError } from '../../../lib/api-error'
import { useApiClient } from '../../../lib/app-context'
import { localized } from '../../../lib/i18n/localized-text'
import { useLanguage, useMessages, type Translate } from '../../../lib/i18n/use-translation'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { garconMeQueryKey } from '../api/garcon-keys'
import { garconTablesQueryOptions } from '../api/get-tables'
import { useNow } from '../alerts/use-now'
import { useResubscribed } from '../alerts/use-alert-feed'
import { waitedForm, waitedSince } from '../alerts/waited'
import {
  actionId,
  floorKey,
  floorQueryOptions,
  newIdempotencyKey,
  useFloorAction,
  type FloorAction,
} from './floor-api'
import {
  canCancel,
  canTakeTableCash,
  freeTables,
  isSettled,
  orderDue,
  stepButtons,
  withoutSession,
} from './floor-logic'
import { floorMessages } from './floor-messages'
import { GarconSheet } from '../components/garcon-sheet'
import { OrderSheet } from './order-sheet'
import '../../../components/ui/card.css'
import './floor.css'

export type FloorT = Translate<keyof (typeof floorMessages)['en']>

interface FloorProps {
  waiterId: string
  restaurantId: string
  selectTablesHref: string
  money: (minor: number) => string
}

type Sheet =
  | { kind: 'cancel'; order: FloorOrder }
  | { kind: 'order-cash'; order: FloorOrder }
  | { kind: 'table-cash'; table: FloorTable; session: FloorSession; key: string }
  | { kind: 'close'; table: FloorTable; session: FloorSession }
  | { kind: 'move'; table: FloorTable; session: FloorSession }
  | { kind: 'order'; table: FloorTable; session: FloorSession }

export function errorText(error: unknown, t: FloorT): string {
  const message = error instanceof ApiError ? error.message : String(error)
  return t('failed', { message })
}

/**
 * The waiter's tables, live: each with its guests' orders, what is due and paid, open calls, and
 * what the waiter does about them. The waiter's channel and every reconnect refetch it.
 */
export function Floor({ waiterId, restaurantId, selectTablesHref, money }: FloorProps) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t } = useMessages(floorMessages)
  const titleId = useId()
  const floor = useQuery(floorQueryOptions(api))
  const channel = garconChannel(waiterId)
  const refetch = () => void queryClient.invalidateQueries({ queryKey: floorKey })
  useChannelEvent(channel, garconAlertCreated, (alert) => {
    // A visit that ended leaves the floor at once; the refetch confirms it.
    const { table } = alert
    if (alert.kind === 'session_ended' && table) {
      queryClient.setQueryData<GarconFloor>(
        floorKey,
        (current) => current && withoutSession(current, table.code, alert.createdAt),
      )
    }
    refetch()
  })
  useChannelEvent(channel, waiterCallUpdated, refetch)
  useChannelEvent(channel, garconTablesChanged, () => {
    refetch()
    void queryClient.invalidateQueries({ queryKey: garconMeQueryKey })
  })
  useResubscribed(channel, refetch)

  const action = useFloorAction()
  const [sheet, setSheet] = useState<Sheet>()
  const [announcement, setAnnouncement] = useState('')
  const pendingId = action.isPending ? actionId(action.variables) : undefined
  const failedId = action.isError ? actionId(action.variables) : undefined
  const act = (next: FloorAction, done?: (result: unknown) => void) => {
    action.mutate(next, {
      onSuccess: (result) => {
        setSheet(undefined)
        done?.(result)
      },
    })
  }
  const openSheet = (next: Sheet) => {
    action.reset()
    setSheet(next)
  }
  const closeSheet = () => {
    if (!action.isPending) setSheet(undefined)
  }
  const callTimes = (floor.data?.tables ?? []).flatMap(
    (table) => table.session?.calls.map((call) => call.createdAt) ?? [],
  )
  const now = useNow(callTimes)
  const tables = floor.data?.tables ?? []

  return (
    <section className="floor" aria-labelledby={titleId}>
      <div className="my-tables__head">
        <h2 id={titleId} className="my-tables__title">
          {t('title')}
        </h2>
        {tables.length > 0 ? (
          <Link to={selectTablesHref} className="my-tables__change">
            {t('changeTables')}
          </Link>
        ) : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {floor.isPending ? (
        <p className="floor__note">{t('loading')}</p>
      ) : floor.isError ? (
        <div className="floor__note card">
          <p>{t('loadFailed')}</p>
          <button type="button" className={buttonClass('secondary')} onClick={refetch}>
            {t('retry')}
          </button>
        </div>
      ) : tables.length === 0 ? (
        <div className="my-tables__empty card">
          <p>{t('none')}</p>
          <Link to={selectTablesHref} className={buttonClass('primary')}>
            {t('chooseTables')}
          </Link>
        </div>
      ) : (
        <ul className="floor__tables">
          {tables.map((table) => (
            <TableCard
              key={table.code}
              table={table}
              t={t}
              money={money}
              now={now}
              pendingId={pendingId}
              failedId={failedId}
              error={action.error}
              act={act}
              openSheet={openSheet}
            />
          ))}
        </ul>
      )}
      {sheet ? (
        <ActionSheet
          sheet={sheet}
          t={t}
          money={money}
          restaurantId={restaurantId}
          floorTables={tables}
          pending={action.isPending}
          error={action.isError ? errorText(action.error, t) : undefined}
          act={act}
          onClose={closeSheet}
          announce={setAnnouncement}
        />
      ) : null}
    </section>
  )
}

interface TableCardProps {
  table: FloorTable
  t: FloorT
  money: (minor: number) => string
  now: number
  pendingId: string | undefined
  failedId: string | undefined
  error: unknown
  act: (action: FloorAction) => void
  openSheet: (sheet: Sheet) => void
}

function TableCard({
  table,
  t,
  money,
  now,
  pendingId,
  failedId,
  error,
  act,
  openSheet,
}: TableCardProps) {
  const language = useLanguage()
  const session = table.session
  const headingId = useId()
  const failedHere = (id: string) =>
    failedId === id ? (
      <p className="floor__error" role="alert">
        {errorText(error, t)}
      </p>
    ) : null
  return (
    <li
      className="floor-table card"
      data-free={session === null || undefined}
      aria-labelledby={headingId}
    >
      <div className="floor-table__head">
        <h3 id={headingId} className="floor-table__label">
          {table.label}
        </h3>
        {table.zone ? (
          <span className="floor-table__zone">{localized(table.zone, language)}</span>
        ) : null}
        <span className="floor-table__state">
          {session === null
            ? t('free')
            : t('occupiedSince', { time: clock(session.openedAt, language) })}
        </span>
      </div>
      {session === null ? null : (
        <>
          {session.calls.length > 0 ? (
            <div className="floor-calls">
              <h4 className="floor__subtitle">{t('calls')}</h4>
              <ul>
                {session.calls.map((call) => {
                  const ackId = actionId({ kind: 'call', callId: call.id, step: 'acknowledge' })
                  const doneId = actionId({ kind: 'call', callId: call.id, step: 'done' })
                  return (
                    <li key={call.id} className="floor-call" data-status={call.status}>
                      <div className="floor-call__text">
                        <strong>{t(`call_${call.reason}`)}</strong>
                        <span className="floor-call__time">
                          {callWaited(call.createdAt, now, language, t)}
                        </span>
                        {call.comment ? (
                          <span className="floor-call__comment">«{call.comment}»</span>
                        ) : null}
                        {call.acknowledgedBy ? (
                          <span className="floor-call__who">
                            {t('callOnWay', { name: call.acknowledgedBy.name })}
                          </span>
                        ) : null}
                      </div>
                      <div className="floor__buttons">
                        {call.status === 'open' ? (
                          <button
                            type="button"
                            className={buttonClass('primary')}
                            disabled={pendingId !== undefined}
                            aria-busy={pendingId === ackId || undefined}
                            onClick={() =>
                              act({ kind: 'call', callId: call.id, step: 'acknowledge' })
                            }
                          >
                            {pendingId === ackId ? t('working') : t('onMyWay')}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className={buttonClass('secondary')}
                          disabled={pendingId !== undefined}
                          aria-busy={pendingId === doneId || undefined}
                          onClick={() => act({ kind: 'call', callId: call.id, step: 'done' })}
                        >
                          {pendingId === doneId ? t('working') : t('callDone')}
                        </button>
                      </div>
                      {failedHere(ackId)}
                      {failedHere(doneId)}
                    </li>
                  )
                })}
              </ul>
            </div>
          ) : null}
          {session.orders.length === 0 ? (
            <p className="floor__note">{t('noOrders')}</p>
          ) : (
            <ul className="floor-orders">
              {session.orders.map((order) => (
                <OrderRow
                  key={order.id}
                  order={order}
                  t={t}
                  money={money}
                  pendingId={pendingId}
                  failedHere={failedHere}
                  act={act}
                  openSheet={openSheet}
                />
              ))}
            </ul>
          )}
          <dl className="floor-totals">
            <div>
              <dt>{t('total')}</dt>
              <dd>{money(session.totals.total)}</dd>
            </div>
            <div>
              <dt>{t('paid')}</dt>
              <dd>{money(session.totals.paid)}</dd>
            </div>
            {session.totals.pending > 0 ? (
              <div>
                <dt>{t('pending')}</dt>
                <dd>{money(session.totals.pending)}</dd>
              </div>
            ) : null}
            <div className="floor-totals__due" data-settled={isSettled(session) || undefined}>
              <dt>{t('due')}</dt>
              <dd>{money(session.totals.due)}</dd>
            </div>
          </dl>
          <div className="floor-table__actions">
            <button
              type="button"
              className={buttonClass('primary', { block: true })}
              onClick={() => openSheet({ kind: 'order', table, session })}
            >
              {t('orderForTable')}
            </button>
            {canTakeTableCash(session) ? (
              <button
                type="button"
                className={buttonClass('primary', { block: true })}
                onClick={() =>
                  openSheet({ kind: 'table-cash', table, session, key: newIdempotencyKey() })
                }
              >
                {t('cashForTable')}
              </button>
            ) : null}
            <button
              type="button"
              className={buttonClass('secondary', { block: true })}
              onClick={() => openSheet({ kind: 'move', table, session })}
            >
              {t('moveGuests')}
            </button>
            <button
              type="button"
              className={buttonClass('secondary', { block: true })}
              disabled={!isSettled(session)}
              aria-describedby={isSettled(session) ? undefined : `${headingId}-close`}
              onClick={() => openSheet({ kind: 'close', table, session })}
            >
              {t('closeTable')}
            </button>
            {isSettled(session) ? null : (
              <p id={`${headingId}-close`} className="floor__hint">
                {t('closeHint')}
              </p>
            )}
          </div>
        </>
      )}
    </li>
  )
}

interface OrderRowProps {
  order: FloorOrder
  t: FloorT
  money: (minor: number) => string
  pendingId: string | undefined
  failedHere: (id: string) => React.ReactNode
  act: (action: FloorAction) => void
  openSheet: (sheet: Sheet) => void
}

function OrderRow({ order, t, money, pendingId, failedHere, act, openSheet }: OrderRowProps) {
  const language = useLanguage()
  const due = orderDue(order)
  const steps = stepButtons(order.status)
  return (
    <li className="floor-order" data-status={order.status}>
      <div className="floor-order__head">
        <strong>{t('orderNumber', { number: order.number })}</strong>
        <span className="floor-order__status" data-status={order.status}>
          {t(`status_${order.status}`)}
        </span>
        <span className="floor-order__by">
          {order.placedBy ? t('byWaiter', { name: order.placedBy.name }) : t('byGuest')}
        </span>
        <span className="floor-order__total">{money(order.total)}</span>
      </div>
      <ul className="floor-order__lines">
        {order.lines.map((line, index) => (
          <li key={index}>
            {line.quantity} × {localized(line.name, language)}
            {line.modifiers.length > 0
              ? ` (${line.modifiers.map((modifier) => localized(modifier.name, language)).join(', ')})`
              : ''}
            {line.comment ? <span className="floor-order__comment"> — {line.comment}</span> : null}
          </li>
        ))}
      </ul>
      {order.comment ? <p className="floor-order__comment">{order.comment}</p> : null}
      {order.paymentStatus === 'paid' ? (
        <p className="floor-order__paid">{t('paidMark')}</p>
      ) : order.paymentStatus === 'pending' ? (
        <p className="floor-order__paid">{t('pendingMark')}</p>
      ) : null}
      {steps.length > 0 || canCancel(order.status) || due > 0 ? (
        <div className="floor__buttons">
          {steps.map((status) => {
            const id = actionId({ kind: 'status', orderId: order.id, status })
            return (
              <button
                key={status}
                type="button"
                className={buttonClass('primary')}
                disabled={pendingId !== undefined}
                aria-busy={pendingId === id || undefined}
                onClick={() => act({ kind: 'status', orderId: order.id, status })}
              >
                {pendingId === id ? t('working') : t(`step_${status}`)}
              </button>
            )
          })}
          {due > 0 ? (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => openSheet({ kind: 'order-cash', order })}
            >
              {t('cashForOrder', { amount: money(due) })}
            </button>
          ) : null}
          {canCancel(order.status) ? (
            <button
              type="button"
              className={`${buttonClass('secondary')} floor__danger`}
              onClick={() => openSheet({ kind: 'cancel', order })}
            >
              {t('cancel')}
            </button>
          ) : null}
        </div>
      ) : null}
      {steps.map((status) => (
        <span key={status}>
          {failedHere(actionId({ kind: 'status', orderId: order.id, status }))}
        </span>
      ))}
    </li>
  )
}

interface ActionSheetProps {
  sheet: Sheet
  t: FloorT
  money: (minor: number) => string
  restaurantId: string
  floorTables: readonly FloorTable[]
  pending: boolean
  error: string | undefined
  act: (action: FloorAction, done?: (result: unknown) => void) => void
  onClose: () => void
  announce: (text: string) => void
}

function ActionSheet(props: ActionSheetProps) {
  const { sheet, t, money, pending, error, act, onClose } = props
  const [reason, setReason] = useState('')
  const reasonId = useId()
  const errorLine = error ? (
    <p className="floor__error" role="alert">
      {error}
    </p>
  ) : null
  const back = (
    <button
      type="button"
      className={buttonClass('secondary', { block: true })}
      onClick={onClose}
      disabled={pending}
    >
      {sheet.kind === 'cancel' ? t('cancelKeep') : t('sheetClose')}
    </button>
  )
  const confirmProps = { pending, errorLine, back, onClose }
  switch (sheet.kind) {
    case 'cancel':
      return (
        <GarconSheet
          title={t('cancelTitle', { number: sheet.order.number })}
          text={t('cancelText')}
          onClose={onClose}
        >
          <form
            className="floor-sheet__form"
            onSubmit={(event) => {
              event.preventDefault()
              act({
                kind: 'status',
                orderId: sheet.order.id,
                status: 'cancelled',
                reason: reason.trim(),
              })
            }}
          >
            <label htmlFor={reasonId} className="floor-sheet__label">
              {t('cancelReason')}
            </label>
            <textarea
              id={reasonId}
              className="floor-sheet__input"
              value={reason}
              maxLength={200}
              rows={3}
              required
              onChange={(event) => setReason(event.target.value)}
            />
            {errorLine}
            <div className="take-over-sheet__actions">
              <button
                type="submit"
                className={`${buttonClass('primary', { block: true })} floor__danger-solid`}
                disabled={pending || reason.trim() === ''}
                aria-busy={pending || undefined}
              >
                {pending ? t('working') : t('cancelConfirm')}
              </button>
              {back}
            </div>
          </form>
        </GarconSheet>
      )
    case 'order-cash': {
      const amount = money(orderDue(sheet.order))
      return (
        <ConfirmSheet
          title={t('cashOrderTitle', { number: sheet.order.number })}
          text={t('cashOrderText', { amount })}
          amount={amount}
          confirm={pending ? t('working') : t('cashConfirm', { amount })}
          onConfirm={() => act({ kind: 'order-cash', orderId: sheet.order.id })}
          {...confirmProps}
        />
      )
    }
    case 'table-cash': {
      const amount = money(sheet.session.totals.due)
      return (
        <ConfirmSheet
          title={t('cashTitle', { label: sheet.table.label })}
          text={t('cashText', { amount })}
          amount={amount}
          confirm={pending ? t('working') : t('cashConfirm', { amount })}
          onConfirm={() => act({ kind: 'table-cash', sessionId: sheet.session.id, key: sheet.key })}
          {...confirmProps}
        />
      )
    }
    case 'close':
      return (
        <ConfirmSheet
          title={t('closeTitle', { label: sheet.table.label })}
          text={t('closeText')}
          confirm={pending ? t('working') : t('closeConfirm')}
          onConfirm={() => act({ kind: 'close', sessionId: sheet.session.id })}
          {...confirmProps}
        />
      )
    case 'move':
      return <MoveSheet {...props} sheet={sheet} errorLine={errorLine} back={back} />
    case 'order':
      return (
        <OrderSheet
          table={sheet.table}
          session={sheet.session}
          restaurantId={props.restaurantId}
          t={t}
          money={money}
          pending={pending}
          error={errorLine}
          onClose={onClose}
          onPlace={(lines, comment, key) =>
            act(
              comment === ''
                ? { kind: 'order', sessionId: sheet.session.id, key, lines }
                : { kind: 'order', sessionId: sheet.session.id, key, lines, comment },
              (result) => {
                const number = (result as { number?: number }).number
                if (number !== undefined) {
                  props.announce(t('orderPlaced', { number, label: sheet.table.label }))
                }
              },
            )
          }
        />
      )
  }
}

interface ConfirmSheetProps {
  title: string
  text: string
  /** Shown large above the buttons: what the waiter takes. */
  amount?: string
  confirm: string
  onConfirm: () => void
  pending: boolean
  errorLine: React.ReactNode
  back: React.ReactNode
  onClose: () => void
}

/** A sheet that asks once before an action: cash for an order or the table, closing it. */
function ConfirmSheet(props: ConfirmSheetProps) {
  const { title, text, amount, confirm, onConfirm, pending, errorLine, back, onClose } = props
  return (
    <GarconSheet title={title} text={text} onClose={onClose}>
      {amount ? <p className="floor-sheet__amount">{amount}</p> : null}
      {errorLine}
      <div className="take-over-sheet__actions">
        <button
          type="button"
          className={buttonClass('primary', { block: true })}
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onConfirm}
        >
          {confirm}
        </button>
        {back}
      </div>
    </GarconSheet>
  )
}

function MoveSheet({
  sheet,
  t,
  floorTables,
  pending,
  act,
  onClose,
  errorLine,
  back,
}: ActionSheetProps & {
  sheet: Extract<Sheet, { kind: 'move' }>
  errorLine: React.ReactNode
  back: React.ReactNode
}) {
  const api = useApiClient()
  const language = useLanguage()
  const all = useQuery({ ...garconTablesQueryOptions(api), staleTime: 0 })
  const free = freeTables(all.data?.tables ?? [], floorTables, sheet.table.code)
  const [target, setTarget] = useState<string>()
  return (
    <GarconSheet
      title={t('moveTitle', { label: sheet.table.label })}
      text={t('moveText')}
      onClose={onClose}
    >
      {all.isPending ? (
        <p className="floor__note">{t('loading')}</p>
      ) : all.isError ? (
        <p className="floor__error">{t('loadFailed')}</p>
      ) : free.length === 0 ? (
        <p className="floor__note">{t('moveNone')}</p>
      ) : (
        <ul className="floor-move">
          {free.map((table) => (
            <li key={table.code}>
              <button
                type="button"
                className={buttonClass('secondary', { block: true })}
                disabled={pending}
                aria-busy={(pending && target === table.code) || undefined}
                onClick={() => {
                  setTarget(table.code)
                  act({ kind: 'move', sessionId: sheet.session.id, tableCode: table.code })
                }}
              >
                <span>
                  {pending && target === table.code
                    ? t('working')
                    : t('moveTo', { label: table.label })}
                </span>
                {table.zone ? (
                  <span className="floor-move__zone">{localized(table.zone, language)}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      )}
      {errorLine}
      <div className="take-over-sheet__actions">{back}</div>
    </GarconSheet>
  )
}

function clock(iso: string, language: string): string {
  return new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })
}

/** Under five seconds it is "just now", as in the alert feed; then how long. */
function callWaited(createdAt: string, now: number, language: string, t: FloorT): string {
  const waited = waitedSince(createdAt, now)
  if (waited.hours === 0 && waited.minutes === 0 && waited.seconds < 5) return t('callJustNow')
  return t('callWaiting', { time: waitedWords(createdAt, now, language) })
}

function waitedWords(createdAt: string, now: number, language: string): string {
  const waited = waitedSince(createdAt, now)
  const ru = language === 'ru'
  switch (waitedForm(waited)) {
    case 'seconds':
      return ru ? `${waited.seconds} с` : `${waited.seconds} s`
    case 'minutes':
      return ru ? `${waited.minutes} мин` : `${waited.minutes} min`
    case 'hours':
      return ru
        ? `${waited.hours} ч ${waited.minutes} мин`
        : `${waited.hours} h ${waited.minutes} min`
  }
}
