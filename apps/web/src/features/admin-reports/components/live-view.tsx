import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { LiveCall, LiveOrder } from '@tableside/contracts/admin-reports'
import { orderStatus } from '@tableside/contracts/order-status'
import { orderType, type Restaurant } from '@tableside/contracts/restaurants'
import { useApiClient } from '../../../lib/app-context'
import { formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages, type Translate } from '../../../lib/i18n/use-translation'
import { restaurantClock, restaurantTime } from '../../../lib/restaurant-time'
import { adminReportsMessages } from '../admin-reports-messages'
import { adminLiveQueryOptions, type LiveFilters } from '../api/admin-live'
import { callLateness } from '../call-lateness'
import { waitedParts } from '../report-dates'
import { useNow } from '../use-now'

type Key = Parameters<Translate<keyof (typeof adminReportsMessages)['en']>>[0]

/** The filters as the URL has them: a reload or a shared link shows the same. */
function filtersOf(params: URLSearchParams): LiveFilters {
  const filters: LiveFilters = {}
  const status = orderStatus.options.find((value) => value === params.get('status'))
  const type = orderType.options.find((value) => value === params.get('type'))
  if (status) filters.status = status
  if (type) filters.type = type
  for (const name of ['table', 'zone', 'waiter'] as const) {
    const value = params.get(name)
    if (value) filters[name] = value
  }
  return filters
}

/**
 * `/admin/live`: the restaurant's orders and calls now, filtered, polled every few seconds. A call
 * waiting longer than the restaurant's `callEscalationSeconds` (its settings; unknown while they
 * load) says it is late, and by how long, in words as well as in colour.
 */
export function LiveView({
  restaurant,
  callEscalationSeconds,
}: {
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
  callEscalationSeconds: number | undefined
}) {
  const { t, language } = useMessages(adminReportsMessages)
  const api = useApiClient()
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const live = useQuery(adminLiveQueryOptions(api, filters))
  const now = useNow(1_000)
  const set = (name: keyof LiveFilters, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    setParams(next, { replace: true })
  }
  const time = (at: number) =>
    restaurantTime(at, restaurant.timezone, language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
  const data = live.data
  // The server's clock against ours, so a call's wait does not depend on the tablet's clock.
  const skew = data ? Date.parse(data.generatedAt) - live.dataUpdatedAt : 0

  return (
    <div className="day-live">
      <form
        className="day-live__filters"
        aria-label={t('filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="day-field">
          <span>{t('status')}</span>
          <select
            value={filters.status ?? ''}
            onChange={(event) => set('status', event.target.value)}
          >
            <option value="">{t('any')}</option>
            {orderStatus.options.map((status) => (
              <option key={status} value={status}>
                {t(`status_${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="day-field">
          <span>{t('type')}</span>
          <select value={filters.type ?? ''} onChange={(event) => set('type', event.target.value)}>
            <option value="">{t('any')}</option>
            {orderType.options.map((type) => (
              <option key={type} value={type}>
                {t(`type_${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="day-field">
          <span>{t('table')}</span>
          <select
            value={filters.table ?? ''}
            onChange={(event) => set('table', event.target.value)}
          >
            <option value="">{t('any')}</option>
            {data?.tables.map((table) => (
              <option key={table.code} value={table.code}>
                {table.label === table.code ? table.code : `${table.code} · ${table.label}`}
              </option>
            ))}
          </select>
        </label>
        <label className="day-field">
          <span>{t('zone')}</span>
          <select value={filters.zone ?? ''} onChange={(event) => set('zone', event.target.value)}>
            <option value="">{t('any')}</option>
            {data?.zones.map((zone) => (
              <option key={zone.ru} value={zone.ru}>
                {localized(zone, language)}
              </option>
            ))}
          </select>
        </label>
        <label className="day-field">
          <span>{t('waiter')}</span>
          <select
            value={filters.waiter ?? ''}
            onChange={(event) => set('waiter', event.target.value)}
          >
            <option value="">{t('any')}</option>
            {data?.waiters.map((waiter) => (
              <option key={waiter.id} value={waiter.id}>
                {waiter.name}
              </option>
            ))}
          </select>
        </label>
        {Object.keys(filters).length > 0 ? (
          <button
            type="button"
            className="day-chip"
            onClick={() => setParams({}, { replace: true })}
          >
            {t('reset')}
          </button>
        ) : null}
      </form>
      <p className="day-muted day-live__freshness" aria-live="polite">
        {live.isError && data
          ? t('stale', { time: time(live.dataUpdatedAt) })
          : data
            ? t('updated', { time: time(live.dataUpdatedAt) })
            : null}
      </p>
      {live.isError && !data ? (
        <p role="alert" className="day-error">
          {t('loadFailed')}{' '}
          <button type="button" className="day-chip" onClick={() => void live.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : null}
      {!data ? (
        live.isPending ? (
          <p className="day-muted">{t('loading')}</p>
        ) : null
      ) : (
        <div className="day-live__columns">
          <section className="day-panel" aria-labelledby="live-calls">
            <h2 id="live-calls">
              {t('calls')} <span className="day-count">{data.calls.length}</span>
            </h2>
            {data.calls.length === 0 ? (
              <p className="day-muted">{t('noCalls')}</p>
            ) : (
              <ul className="day-list">
                {data.calls.map((call) => (
                  <CallRow
                    key={call.id}
                    call={call}
                    now={now + skew}
                    escalationSeconds={callEscalationSeconds}
                    t={t}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="day-panel" aria-labelledby="live-orders">
            <h2 id="live-orders">
              {t('orders')} <span className="day-count">{data.orders.length}</span>
            </h2>
            {data.orders.length === 0 ? (
              <p className="day-muted">{t('noOrders')}</p>
            ) : (
              <ul className="day-list">
                {data.orders.map((order) => (
                  <OrderRow
                    key={order.id}
                    order={order}
                    restaurant={restaurant}
                    t={t}
                    language={language}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  )
}

function age(since: string, now: number, t: Translate<Key>): string {
  const parts = waitedParts(since, now)
  switch (parts.unit) {
    case 'seconds':
      return t('seconds', { count: parts.count })
    case 'minutes':
      return t('minutes', { count: parts.count })
    case 'hours':
      return t('hours', { hours: parts.hours, minutes: parts.minutes })
  }
}

function CallRow({
  call,
  now,
  escalationSeconds,
  t,
}: {
  call: LiveCall
  now: number
  escalationSeconds: number | undefined
  t: Translate<Key>
}) {
  const lateness = callLateness(call, now, escalationSeconds)
  return (
    <li className={`day-call${lateness ? ' day-call--late' : ''}`}>
      <div className="day-row__head">
        <strong>{t('tableLabel', { label: call.table.label })}</strong>
        <span className="day-badge">{t(`reason_${call.reason}`)}</span>
        {lateness ? (
          <span className="day-badge day-badge--late">
            <LateMark />
            {lateness.lateBySeconds === null
              ? t('late')
              : t('lateBy', {
                  age: age(new Date(now - lateness.lateBySeconds * 1000).toISOString(), now, t),
                })}
          </span>
        ) : null}
        <span className="day-call__age">
          {t('waitingFor', { age: age(call.createdAt, now, t) })}
        </span>
      </div>
      {call.comment ? <p className="day-row__text">{call.comment}</p> : null}
      <p className="day-muted">
        {call.acknowledgedBy
          ? t('acknowledged', { name: call.acknowledgedBy })
          : call.waiters.map((waiter) => waiter.name).join(', ')}
        {call.escalated ? ` · ${t('escalated')}` : ''}
      </p>
    </li>
  )
}

/** An exclamation mark in a circle: late reads as late without its colour too. */
function LateMark() {
  return (
    <svg className="day-badge__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path
        d="M8 4.2v4.6M8 11.2v.3"
        stroke="var(--color-danger)"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  )
}

function OrderRow({
  order,
  restaurant,
  t,
  language,
}: {
  order: LiveOrder
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
  t: Translate<Key>
  language: 'ru' | 'en'
}) {
  const price = (minor: number) => formatPrice(minor, restaurant)
  const paid =
    order.paymentStatus === 'paid'
      ? t('paid')
      : order.paidAmount > 0
        ? t('partlyPaid', { paid: price(order.paidAmount), total: price(order.total) })
        : t('unpaid')
  return (
    <li className="day-order" data-status={order.status}>
      <div className="day-row__head">
        <strong>{t('order', { number: order.number })}</strong>
        <span className={`day-badge day-badge--${order.status}`}>
          {t(`status_${order.status}`)}
        </span>
        <span className="day-badge day-badge--quiet">{t(`type_${order.type}`)}</span>
        <span className="day-order__time">
          {restaurantClock(order.placedAt, restaurant.timezone, language)}
        </span>
      </div>
      <p className="day-row__text">
        {order.items
          .map((item) => `${localized(item.name, language)} × ${item.quantity}`)
          .join(', ')}
      </p>
      <p className="day-muted">
        {order.table ? t('tableLabel', { label: order.table.label }) : t('noTable')}
        {order.waiters.length > 0
          ? ` · ${order.waiters.map((waiter) => waiter.name).join(', ')}`
          : ''}
        {order.placedBy ? ` · ${t('placedBy', { name: order.placedBy })}` : ''}
        {' · '}
        <span className="day-order__total">{price(order.total)}</span> · {paid}
      </p>
    </li>
  )
}
