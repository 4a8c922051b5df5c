import { memo } from 'react'
import type { KitchenThresholds, KitchenTicket } from '@tableside/contracts/kitchen'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { kitchenMessages } from '../kitchen-messages'
import { CheckIcon, ReturnIcon } from './kitchen-icons'
import { ticketWhere, wanted } from './ticket-when'
import { TicketTimer } from './ticket-timer'

export interface TicketActions {
  /** Bumps these lines of the order (one dish, or the ticket's every dish not done yet). */
  bump: (ticket: KitchenTicket, lines: number[]) => void
  unbump: (ticket: KitchenTicket, line: number) => void
}

interface TicketCardProps {
  ticket: KitchenTicket
  stationName: string
  thresholds: KitchenThresholds
  timeZone: string
  actions: TicketActions
}

/**
 * One ticket: the order's dishes of one station. The header bumps every dish not done yet; a
 * dish bumps itself, and a bumped one comes back only through its own "return" control (or the
 * undo bar), never by a second tap on it. Memoised: the board's cached tickets keep
 * their identity until they change, so a card draws only when its own ticket does.
 */
export const TicketCard = memo(function TicketCard({
  ticket,
  stationName,
  thresholds,
  timeZone,
  actions,
}: TicketCardProps) {
  const { t, language } = useMessages(kitchenMessages)
  const open = ticket.items.filter((item) => item.bumpedAt === null).map((item) => item.line)
  // A cancelled order stays a while, struck through, until a cook removes it (decision 0131).
  const gone = ticket.status === 'cancelled'
  const done = open.length === 0 && !gone
  const where = ticketWhere(ticket, t)
  const scheduled = ticket.scheduledFor && wanted(ticket.scheduledFor, timeZone, language, t)
  return (
    <article
      className={`kitchen-ticket${done ? ' kitchen-ticket--done' : ''}${
        gone ? ' kitchen-ticket--cancelled' : ''
      }`}
      aria-label={`${t('order', { number: ticket.orderNumber })} ${where}${
        gone ? ` · ${t('orderCancelled')}` : ''
      }`}
      data-order={ticket.orderNumber}
    >
      <button
        type="button"
        className="kitchen-ticket__header"
        disabled={done || open.length === 0}
        onClick={() => actions.bump(ticket, open)}
      >
        {/* Spaces between the parts: the button's name reads "№5 Самовывоз · к 06:00". */}
        <span className="kitchen-ticket__number">
          {t('order', { number: ticket.orderNumber })}
        </span>{' '}
        <TicketTimer since={Date.parse(ticket.since)} thresholds={thresholds} />{' '}
        <span className="kitchen-ticket__where">
          {where}
          {scheduled && (
            <>
              {' · '}
              <span className="kitchen-ticket__when">{scheduled}</span>
            </>
          )}
        </span>{' '}
        <span className="kitchen-ticket__station">{stationName}</span>
        {!done && !gone && <span className="visually-hidden">{t('bumpAll')}</span>}
        {gone && open.length > 0 && (
          <span className="visually-hidden">
            {': '}
            {t('dismissOrder', { number: ticket.orderNumber })}
          </span>
        )}
      </button>
      {gone && (
        <p className="kitchen-ticket__cancelled" role="status">
          <span>{t('orderCancelled')}</span>
          {open.length > 0 && (
            <button
              type="button"
              className="kitchen-ticket__dismiss"
              aria-label={t('dismissOrder', { number: ticket.orderNumber })}
              onClick={() => actions.bump(ticket, open)}
            >
              {t('dismiss')}
            </button>
          )}
        </p>
      )}
      {done && (
        <p className="kitchen-ticket__done">
          <CheckIcon size={22} /> {t('stationDone')}
        </p>
      )}
      <ul className="kitchen-ticket__items">
        {ticket.items.map((item) => {
          const name = localized(item.name, language)
          const bumped = item.bumpedAt !== null
          return (
            <li key={item.line} className="kitchen-dish-row">
              {/* A tap bumps; a bumped dish stays put (a double tap never brings it back). */}
              <button
                type="button"
                className={`kitchen-dish${bumped ? ' kitchen-dish--bumped' : ''}${
                  gone || (item.cancelled ?? 0) >= item.quantity ? ' kitchen-dish--cancelled' : ''
                }`}
                aria-disabled={bumped || gone || undefined}
                onClick={() => {
                  if (!bumped && !gone) actions.bump(ticket, [item.line])
                }}
              >
                <span className="kitchen-dish__quantity">{item.quantity}×</span>
                <span className="kitchen-dish__body">
                  <span className="kitchen-dish__name">{name}</span>
                  {item.modifiers.length > 0 && (
                    <span className="kitchen-dish__modifiers">
                      {item.modifiers.map((modifier) => localized(modifier, language)).join(', ')}
                    </span>
                  )}
                  {item.comment && <span className="kitchen-dish__comment">{item.comment}</span>}
                  {item.cancelled ? (
                    <span className="kitchen-dish__cancelled">
                      {t('dishCancelled', { count: item.cancelled })}
                    </span>
                  ) : null}
                </span>
                {/* Done reads without colour: struck through, and "done" to a screen reader. */}
                {bumped && <span className="visually-hidden">{t('dishDone')}</span>}
              </button>
              {bumped && !gone && (
                <button
                  type="button"
                  className="kitchen-dish__return"
                  aria-label={t('returnDish', { name })}
                  onClick={() => actions.unbump(ticket, item.line)}
                >
                  <ReturnIcon size={22} />
                  <span>{t('return')}</span>
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {ticket.orderType !== 'dine_in' &&
      (ticket.paymentStatus === 'failed' || ticket.paymentStatus === 'pending') ? (
        // Cooked before its money arrived (the restaurant's setting): say so, as the floor does.
        <p className="kitchen-ticket__unpaid">
          {t(ticket.paymentStatus === 'failed' ? 'paymentFailed' : 'paymentPending')}
        </p>
      ) : null}
      {ticket.comment && (
        <p className="kitchen-ticket__comment">
          <strong>{t('comment')}:</strong> {ticket.comment}
        </p>
      )}
    </article>
  )
})
