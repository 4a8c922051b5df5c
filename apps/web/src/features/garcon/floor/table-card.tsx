import { useId } from 'react'
import type { FloorTable } from '@tableside/contracts/garcon-floor'
import { buttonClass } from '../../../components/ui/button'
import { localized } from '../../../lib/i18n/localized-text'
import { useLanguage } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantClock } from '../../../lib/restaurant-time'
import { actionId, newIdempotencyKey } from './floor-api'
import { canTakeTableCash, isSettled } from './floor-logic'
import { callWaited } from './floor-time'
import { OrderRow, type FloorActions } from './order-row'

export interface TableCardProps {
  table: FloorTable
  now: number
  /** The restaurant's, whose clock the times are on. */
  timeZone: string
  actions: FloorActions
}

/** One of my tables: its open calls, its orders, its money and what the waiter does to it. */
export function TableCard({ table, now, timeZone, actions }: TableCardProps) {
  const { t, money, pendingId, failedHere, act, openSheet } = actions
  const language = useLanguage()
  const session = table.session
  const headingId = useId()
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
            : t('occupiedSince', {
                time: restaurantClock(session.openedAt, timeZone, dateLocale(language)),
              })}
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
                <OrderRow key={order.id} order={order} {...actions} />
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
