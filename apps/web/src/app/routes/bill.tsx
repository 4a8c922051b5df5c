import { useId, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { Link } from '../../components/ui/link'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Bill } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { billUpdated, orderUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { buttonClass } from '../../components/ui/button'
import { BellIcon, BillIcon } from '../../components/ui/icons'
import { NoticeCard } from '../../components/ui/notice-card'
import { AlertIcon, QrIcon } from '../../components/ui/status-icons'
import { paths } from '../../config/paths'
import { billQueryOptions, refreshBill } from '../../features/bill/api/get-bill'
import { BillTotals } from '../../features/bill/components/bill-totals'
import { BillOnlinePayment } from '../../features/payments/components/bill-online-payment'
import { onlinePaymentMethods } from '../../features/payments/online-methods'
import { myOrdersQueryOptions } from '../../features/orders/api/lookup-orders'
import { OrderSkeleton } from '../../features/orders/components/order-skeleton'
import { TableOrder } from '../../features/orders/components/table-order'
import { useMyOrderIds } from '../../features/orders/my-orders-store'
import { useChannelEvent } from '../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../lib/realtime/use-resubscribed'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useStoredTableSession } from '../../features/table-session/table-session-store'
import { isApiError } from '../../lib/api-error'
import { useApiClient } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { billMessages } from '../../features/bill/bill-messages'
import { NothingYet } from './nothing-yet'
import { useProfileReceiptContact } from './profile-receipt-contact'
import { useSpendablePoints } from './use-spendable-points'
import './bill.css'

/** `/bill`: every order at the table, from every phone, and what is left to pay; live. */
export function BillRoute() {
  const restaurant = useRestaurant()
  const session = useStoredTableSession(restaurant.id)
  const { t } = useMessages(billMessages)
  return (
    <Screen title={t('title')}>
      {session ? (
        <TableBill key={session.id} sessionId={session.id} restaurant={restaurant} />
      ) : (
        <NoticeCard icon={<QrIcon size={32} />} title={t('noTableTitle')}>
          <p>{t('noTable')}</p>
        </NoticeCard>
      )}
    </Screen>
  )
}

function TableBill({ sessionId, restaurant }: { sessionId: string; restaurant: Restaurant }) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t } = useMessages(billMessages)
  const bill = useQuery(billQueryOptions(api, sessionId))
  const refresh = () => void refreshBill(queryClient, api, sessionId)
  useChannelEvent(tableChannel(sessionId), billUpdated, refresh)
  useChannelEvent(tableChannel(sessionId), orderUpdated, refresh)
  // Read again once the table's channel is listened to: a payment or the waiter's cash between
  // the first read and the subscription would otherwise never show (it sent its event unheard).
  useResubscribed(tableChannel(sessionId), refresh)

  if (bill.data) return <BillView bill={bill.data} restaurant={restaurant} onChanged={refresh} />
  if (isApiError(bill.error) && bill.error.status === 404) {
    return (
      <NoticeCard icon={<QrIcon size={32} />} title={t('noTableTitle')}>
        <p>{t('sessionGone')}</p>
      </NoticeCard>
    )
  }
  if (bill.isError) {
    return (
      <NoticeCard
        tone="alert"
        icon={<AlertIcon size={32} />}
        title={t('failedTitle')}
        actions={
          <button type="button" className={buttonClass('primary')} onClick={refresh}>
            {t('retry')}
          </button>
        }
      >
        <p>{t('failed')}</p>
      </NoticeCard>
    )
  }
  return <OrderSkeleton label={t('loading')} />
}

/** This phone's orders on the bill open their own screen: their numbers, mapped to their ids. */
function useMyOrderLinks(restaurantId: string): ReadonlyMap<number, string> {
  const api = useApiClient()
  const ids = useMyOrderIds(restaurantId)
  const mine = useQuery(myOrdersQueryOptions(api, restaurantId, ids))
  return useMemo(
    () =>
      new Map(
        (mine.data ?? []).map((order) => [order.number, paths.order(restaurantId, order.id)]),
      ),
    [mine.data, restaurantId],
  )
}

/**
 * What the bill asks of the table. Money being paid has not arrived: until it does the bill
 * says so and still asks for it (issue 28); "all paid" only once nothing is due.
 */
function billNote(bill: Bill, payHere: boolean) {
  if (bill.totals.due === 0) return 'allPaid'
  if (bill.totals.free === 0) return 'beingPaid'
  return payHere ? 'payHereOrWaiter' : 'payWaiter'
}

function BillView({
  bill,
  restaurant,
  onChanged,
}: {
  bill: Bill
  restaurant: Restaurant
  onChanged: () => void
}) {
  const { t } = useMessages(billMessages)
  const myLinks = useMyOrderLinks(restaurant.id)
  // A signed-in diner may pay part of their share in points (decision 0060).
  const { points, readAgain: readCardAgain } = useSpendablePoints(restaurant.id)
  const profile = useProfileReceiptContact()
  const ordersId = useId()
  const sumsId = useId()
  const [search, setSearch] = useSearchParams()
  const call = paths.call(restaurant.id, { reason: 'bill' })
  const online = onlinePaymentMethods(restaurant.settings).length > 0
  const open = bill.totals.due > 0 && bill.sessionStatus === 'open'
  const forgetReturn = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('payment')
        return next
      },
      { replace: true },
    )
  return (
    <div className="bill">
      <p className="bill__table">
        {t('table', { table: bill.table.label })}
        {bill.sessionStatus === 'closed' ? <span> · {t('closed')}</span> : null}
      </p>
      {bill.orders.length === 0 ? (
        <NothingYet
          restaurantId={restaurant.id}
          icon={<BillIcon size={32} />}
          title={t('emptyTitle')}
          text={t('empty')}
          toMenu={t('toMenu')}
        />
      ) : (
        <>
          <section aria-labelledby={ordersId} className="bill__section">
            <h2 id={ordersId} className="bill__heading">
              {t('orders')}
            </h2>
            <ul className="order-list">
              {bill.orders.map((order) => (
                <li key={order.number}>
                  <TableOrder
                    order={order}
                    restaurant={restaurant}
                    withLines
                    href={myLinks.get(order.number)}
                  />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={sumsId} className="bill__sums">
            <h2 id={sumsId} className="visually-hidden">
              {t('sums')}
            </h2>
            <BillTotals totals={bill.totals} restaurant={restaurant} />
            <p className="bill__pay-note">{t(billNote(bill, online && open))}</p>
            {open ? (
              <Link className={buttonClass('primary', { block: true })} to={call}>
                <BellIcon size={20} />
                {t('callForBill')}
              </Link>
            ) : null}
          </section>
          <BillOnlinePayment
            bill={bill}
            restaurant={restaurant}
            returnedPaymentId={search.get('payment') ?? undefined}
            onForget={forgetReturn}
            onBillChanged={onChanged}
            points={points}
            onPointsRefused={readCardAgain}
            profile={profile}
          />
        </>
      )}
    </div>
  )
}
