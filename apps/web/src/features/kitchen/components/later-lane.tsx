import type { KitchenTicket } from '@tableside/contracts/kitchen'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantWhen } from '../../../lib/restaurant-time'
import { kitchenMessages } from '../kitchen-messages'
import { ChevronIcon } from './kitchen-icons'
import { ticketWhere, wanted } from './ticket-when'

/**
 * Orders for later not due yet (decision 0118): a strip under the bar, folded to a line that
 * names the next one, with no timer. Each leaves it for the live board at its `joinsAt`.
 */
export function LaterLane({
  tickets,
  timeZone,
  now,
}: {
  /** Soonest first; one per order (the lane lists orders, the board tickets). */
  tickets: readonly KitchenTicket[]
  timeZone: string
  now: number
}) {
  const { t, language } = useMessages(kitchenMessages)
  const [next] = tickets
  if (!next) return null
  const describe = (ticket: KitchenTicket) =>
    `${t('order', { number: ticket.orderNumber })} · ${ticketWhere(ticket, t)}`
  const due = (ticket: KitchenTicket) =>
    ticket.scheduledFor ? wanted(ticket.scheduledFor, timeZone, language, t, now) : ''
  const joins = (ticket: KitchenTicket) => {
    const { time, date } = restaurantWhen(ticket.joinsAt ?? '', timeZone, dateLocale(language), now)
    return t('laterJoins', { when: date === undefined ? time : `${date}, ${time}` })
  }
  return (
    <details className="kitchen-later">
      <summary className="kitchen-later__summary">
        <ChevronIcon size={22} className="kitchen-later__chevron" />
        <span className="kitchen-later__title">{t('later')}</span>{' '}
        <span className="kitchen-tabs__count">{tickets.length}</span>{' '}
        <span className="kitchen-later__next">
          {t('laterNext', { what: `${describe(next)} ${due(next)}` })}
        </span>
      </summary>
      <ul className="kitchen-later__list">
        {tickets.map((ticket) => (
          <li key={ticket.orderId} className="kitchen-later__order" data-order={ticket.orderNumber}>
            <span className="kitchen-later__what">{describe(ticket)}</span>{' '}
            <span className="kitchen-later__due">{due(ticket)}</span>{' '}
            <span className="kitchen-later__joins">{joins(ticket)}</span>
          </li>
        ))}
      </ul>
    </details>
  )
}
