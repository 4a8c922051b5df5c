import { useId, type ReactNode } from 'react'
import { Link } from '../../components/ui/link'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { BillOrder, OrderSummary } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { billUpdated } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { buttonClass } from '../../components/ui/button'
import { OrdersIcon } from '../../components/ui/icons'
import { paths } from '../../config/paths'
import { billQueryOptions, refreshBill } from '../../features/bill/api/get-bill'
import { myOrdersQueryOptions } from '../../features/orders/api/lookup-orders'
import { MyOrderLink } from '../../features/orders/components/my-order-link'
import { OrderSkeleton } from '../../features/orders/components/order-skeleton'
import { TableOrder } from '../../features/orders/components/table-order'
import { useMyOrderIds } from '../../features/orders/my-orders-store'
import { ordersMessages } from '../../features/orders/orders-messages'
import { useChannelEvent } from '../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../lib/realtime/use-resubscribed'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useStoredTableSession } from '../../features/table-session/table-session-store'
import { useApiClient } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { NothingYet } from './nothing-yet'
import './orders.css'

const NONE: readonly never[] = []

/** `/orders`: this phone's orders here, newest first, and the table's other orders. */
export function OrdersRoute() {
  const restaurant = useRestaurant()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t } = useMessages(ordersMessages)
  const ids = useMyOrderIds(restaurant.id)
  const session = useStoredTableSession(restaurant.id)
  const mine = useQuery(myOrdersQueryOptions(api, restaurant.id, ids))
  const bill = useQuery({ ...billQueryOptions(api, session?.id ?? ''), enabled: session !== null })
  const channel = session ? tableChannel(session.id) : undefined
  const refresh = () => {
    if (!session) return
    void refreshBill(queryClient, api, session.id)
    void queryClient.invalidateQueries({
      queryKey: myOrdersQueryOptions(api, restaurant.id, ids).queryKey,
    })
  }
  useChannelEvent(channel, billUpdated, refresh)
  // An order paid or served between the first read and the subscription, or while offline.
  useResubscribed(channel, refresh)

  const myOrders = mine.data ?? NONE
  const myNumbers = new Set(myOrders.map((order) => order.number))
  const others = (bill.data?.orders ?? NONE).filter((order) => !myNumbers.has(order.number))
  const loading = ids.length > 0 && mine.isPending

  return (
    <Screen title={t('title')}>
      {loading ? <OrderSkeleton label={t('loading')} /> : null}
      {mine.isError ? (
        <p className="orders__problem" role="alert">
          {t('failed')}{' '}
          <button type="button" className="orders__retry" onClick={() => void mine.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : null}
      {!loading && !mine.isError && myOrders.length === 0 && others.length === 0 ? (
        <NothingYet
          restaurantId={restaurant.id}
          icon={<OrdersIcon size={32} />}
          title={t('emptyTitle')}
          text={t('empty')}
          toMenu={t('toMenu')}
        />
      ) : null}
      {myOrders.length > 0 ? (
        <MyOrders
          orders={myOrders}
          restaurant={restaurant}
          title={others.length > 0 ? t('mine') : null}
        />
      ) : null}
      {others.length > 0 ? <TableOrders orders={others} restaurant={restaurant} /> : null}
      {session && (myOrders.length > 0 || others.length > 0) ? (
        <Link className={buttonClass('secondary', { block: true })} to={paths.bill(restaurant.id)}>
          {t('bill')}
        </Link>
      ) : null}
    </Screen>
  )
}

function Section({
  title,
  note,
  children,
}: {
  title: string | null
  note?: string
  children: ReactNode
}) {
  const id = useId()
  if (title === null) return <section className="orders__section">{children}</section>
  return (
    <section className="orders__section" aria-labelledby={id}>
      <h2 id={id} className="orders__heading">
        {title}
      </h2>
      {note ? <p className="orders__note">{note}</p> : null}
      {children}
    </section>
  )
}

function MyOrders({
  orders,
  restaurant,
  title,
}: {
  orders: readonly OrderSummary[]
  restaurant: Restaurant
  title: string | null
}) {
  return (
    <Section title={title}>
      <ul className="order-list">
        {orders.map((order) => (
          <li key={order.id}>
            <MyOrderLink order={order} restaurant={restaurant} />
          </li>
        ))}
      </ul>
    </Section>
  )
}

function TableOrders({
  orders,
  restaurant,
}: {
  orders: readonly BillOrder[]
  restaurant: Restaurant
}) {
  const { t } = useMessages(ordersMessages)
  return (
    <Section title={t('atTable')} note={t('atTableNote')}>
      <ul className="order-list">
        {[...orders].reverse().map((order) => (
          <li key={order.number}>
            <TableOrder order={order} restaurant={restaurant} />
          </li>
        ))}
      </ul>
    </Section>
  )
}
