import { REFUND_CHASE_DAYS } from '@tableside/contracts/refunds'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantTime, restaurantWhen } from '../../../lib/restaurant-time'
import { adminReportsMessages } from '../admin-reports-messages'
import { useLiveView } from '../hooks/use-live-view'
import { CallRow } from './live-call-row'
import { LiveFilters } from './live-filters'
import { OrderRow } from './live-order-row'

/**
 * `/admin/live`: the restaurant's orders and calls now, filtered, polled every few seconds. A call
 * waiting longer than the restaurant's `callEscalationSeconds` (its settings; unknown while they
 * load) says it is late, and by how long, in words as well as in colour.
 */
export function LiveView({
  restaurant,
  callEscalationSeconds,
  onOpenOrder,
}: {
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
  callEscalationSeconds: number | undefined
  /** Opens an order (the app composes the order's panel, decision 0119). */
  onOpenOrder?: (orderId: string) => void
}) {
  const { t, language } = useMessages(adminReportsMessages)
  const { filters, live, serverNow, setFilter, resetFilters } = useLiveView()
  const time = (at: number) =>
    restaurantTime(at, restaurant.timezone, dateLocale(language), {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
  const data = live.data

  return (
    <div className="day-live">
      <LiveFilters
        filters={filters}
        data={data}
        setFilter={setFilter}
        resetFilters={resetFilters}
      />
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
        <>
          {data.slowRefunds.length > 0 ? (
            // Refunds the bank has held for days (decision 0140): someone calls the bank.
            <section className="day-panel day-panel--alert" aria-labelledby="live-slow-refunds">
              <h2 id="live-slow-refunds">
                {t('slowRefunds', { days: REFUND_CHASE_DAYS })}{' '}
                <span className="day-count">{data.slowRefunds.length}</span>
              </h2>
              <p className="day-muted">{t('slowRefundsNote')}</p>
              <ul className="day-list">
                {data.slowRefunds.map((refund) => {
                  const { time, date } = restaurantWhen(
                    refund.askedAt,
                    restaurant.timezone,
                    dateLocale(language),
                    serverNow,
                  )
                  return (
                    <li key={refund.id} className="day-order">
                      <div className="day-row__head">
                        {onOpenOrder ? (
                          <button
                            type="button"
                            className="day-order__open"
                            onClick={() => onOpenOrder(refund.orderId)}
                          >
                            {t('order', { number: refund.orderNumber })}
                          </button>
                        ) : (
                          <strong>{t('order', { number: refund.orderNumber })}</strong>
                        )}
                        <span>
                          {t('slowRefund', {
                            amount: formatPrice(refund.amount, restaurant),
                            when: date ? `${date}, ${time}` : time,
                          })}
                        </span>
                      </div>
                    </li>
                  )
                })}
              </ul>
            </section>
          ) : null}
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
                      now={serverNow}
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
                      onOpen={onOpenOrder}
                    />
                  ))}
                </ul>
              )}
            </section>
          </div>
        </>
      )}
    </div>
  )
}
