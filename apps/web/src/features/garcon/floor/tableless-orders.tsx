import { useId } from 'react'
import type { TablelessOrder } from '@tableside/contracts/garcon-floor'
import { MAX_TABLELESS_ORDERS } from '@tableside/contracts/garcon-floor'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { useAddressWords } from '../../../lib/address-words'
import { useLanguage } from '../../../lib/i18n/use-translation'
import { formatPhone } from '../../../lib/masks'
import { dateLocale, restaurantWhen } from '../../../lib/restaurant-time'
import type { FloorT } from './floor-messages'
import { OrderRow, type FloorActions } from './order-row'

interface TablelessOrdersProps {
  orders: readonly TablelessOrder[]
  /** The restaurant's, whose clock the wanted times are on. */
  timeZone: string
  actions: FloorActions
}

/**
 * The restaurant's open deliveries, pickups and pre-orders, which any waiter may run: whom each
 * is for (with a call button), where it goes, when it is wanted, and its steps to the door.
 * Nothing shows while there are none, so a restaurant that serves only its tables never sees it.
 */
export function TablelessOrders({ orders, timeZone, actions }: TablelessOrdersProps) {
  const { t } = actions
  const titleId = useId()
  if (orders.length === 0) return null
  return (
    <section className="floor-away" aria-labelledby={titleId}>
      <div className="my-tables__head">
        <h2 id={titleId} className="my-tables__title">
          {t('tablelessTitle')}
        </h2>
        <span className="floor-away__count">
          {orders.length >= MAX_TABLELESS_ORDERS
            ? t('tablelessMore', { count: orders.length })
            : t('tablelessCount', { count: orders.length })}
        </span>
      </div>
      <ul className="floor-away__list">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} type={order.type} {...actions}>
            <Destination order={order} timeZone={timeZone} t={t} />
          </OrderRow>
        ))}
      </ul>
    </section>
  )
}

function Destination({
  order,
  timeZone,
  t,
}: {
  order: TablelessOrder
  timeZone: string
  t: FloorT
}) {
  const language = useLanguage()
  const address = useAddressWords()
  return (
    <div className="floor-away__where">
      <p className="floor-away__when">
        <span className="floor-away__type" data-type={order.type}>
          {t(`type_${order.type}`)}
        </span>
        <span>{wanted(order.scheduledFor, language, timeZone, t)}</span>
        {order.guests !== null ? <span>{t('guests', { count: order.guests })}</span> : null}
      </p>
      {order.contact ? (
        <p className="floor-away__contact">
          <span>{order.contact.name}</span>
          <a className="floor-away__phone" href={`tel:${order.contact.phone}`}>
            {formatPhone(order.contact.phone)}
          </a>
        </p>
      ) : null}
      {order.address ? <p className="floor-away__address">{address.line(order.address)}</p> : null}
    </div>
  )
}

/** As soon as possible; a time today; or the day and time of a later one. */
function wanted(scheduledFor: string | null, language: UiLanguage, timeZone: string, t: FloorT) {
  if (scheduledFor === null) return t('wantedAsap')
  const { time, date } = restaurantWhen(scheduledFor, timeZone, dateLocale(language))
  return date === undefined ? t('wantedAt', { time }) : t('wantedOn', { date, time })
}
