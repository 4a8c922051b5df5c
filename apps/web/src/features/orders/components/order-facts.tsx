import type { ReactNode } from 'react'
import type { Order } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { useAddressWords } from '../../../lib/address-words'
import { localized } from '../../../lib/i18n/localized-text'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { standingAlone, usePaidWithText } from '../../../lib/paid-with-words'
import { formatOrderTime } from '../format-time'
import { orderWords } from '../order-messages'
import { paymentWordKey } from '../payment-words'
import './order-facts.css'

const messages = defineMessages({
  en: {
    type: 'Order',
    table: 'Table',
    tableInZone: '{table} · {zone}',
    address: 'Address',
    contact: 'Contact',
    when: 'When',
    asap: 'As soon as possible',
    guests: 'Guests',
    payment: 'Payment',
    comment: 'Comment',
  },
  ru: {
    type: 'Заказ',
    table: 'Стол',
    tableInZone: '{table} · {zone}',
    address: 'Адрес',
    contact: 'Контакт',
    when: 'Когда',
    asap: 'Как можно скорее',
    guests: 'Гостей',
    payment: 'Оплата',
    comment: 'Комментарий',
  },
})

/** `+79161234567` as people write it: `+7 916 123-45-67`. */
const phoneText = (phone: string) =>
  phone.replace(/^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/, '+7 $1 $2-$3-$4')

/** Where and when the order goes, who it is for, and how it is paid. */
export function OrderFacts({
  order,
  restaurant,
}: {
  order: Order
  restaurant: Pick<Restaurant, 'timezone'>
}) {
  const { t, language } = useMessages(messages)
  const words = useMessages(orderWords).t
  const address = useAddressWords()
  // How it was actually paid once money came in (issue 28); until then, the way chosen.
  const paidWith = usePaidWithText()(order.paidWith, order.type)
  const rows: [label: string, value: ReactNode][] = [[t('type'), words(order.type)]]
  if (order.table) {
    const { label, zone } = order.table
    rows.push([
      t('table'),
      zone ? t('tableInZone', { table: label, zone: localized(zone, language) }) : label,
    ])
  }
  if (order.address) rows.push([t('address'), address.line(order.address)])
  if (order.type !== 'dine_in') {
    rows.push([
      t('when'),
      order.scheduledFor
        ? formatOrderTime(order.scheduledFor, restaurant.timezone, language)
        : t('asap'),
    ])
  }
  if (order.guests !== null) rows.push([t('guests'), String(order.guests)])
  if (order.contact) {
    rows.push([
      t('contact'),
      <>
        {order.contact.name},{' '}
        <span className="order-facts__phone">{phoneText(order.contact.phone)}</span>
      </>,
    ])
  }
  rows.push([
    t('payment'),
    <>
      {paidWith ? standingAlone(paidWith) : words(paymentWordKey(order))}
      <span className="order-facts__payment" data-status={order.paymentStatus}>
        {words(order.paymentStatus)}
      </span>
    </>,
  ])
  if (order.comment) rows.push([t('comment'), order.comment])
  return (
    <dl className="order-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="order-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
