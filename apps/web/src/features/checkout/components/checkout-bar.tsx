import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import '../../../components/ui/action-bar.css'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import type { SendState } from '../hooks/use-place-order'

interface CheckoutBarProps {
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  total: number | undefined
  pending: boolean
  canConfirm: boolean
  send: SendState
  /** Paid by card or SBP: once placed, the order goes on to the bank's page. */
  paysOnline: boolean
}

/** The total and Confirm, fixed above the tab bar; while sending it says so and stays pressed. */
export function CheckoutBar(props: CheckoutBarProps) {
  const { restaurant, total, pending, canConfirm, send, paysOnline } = props
  const { t } = useMessages(checkoutMessages)
  const sending = send.phase !== 'idle'
  const status =
    send.phase === 'sending' && send.wait?.reason === 'offline'
      ? t('offline')
      : send.phase === 'sending' && send.wait?.reason === 'retrying'
        ? t('retrying')
        : ''
  return (
    <div className="action-bar checkout-bar">
      <div className="action-bar__total">
        <p className="action-bar__label">{t('total')}</p>
        {total !== undefined ? (
          <p className="checkout-bar__amount" data-pending={pending || undefined}>
            {formatPrice(total, restaurant)}
          </p>
        ) : pending ? (
          <span className="checkout-bar__skeleton" />
        ) : null}
      </div>
      <button
        type="submit"
        className={`${buttonClass('primary', { block: true })} checkout-bar__confirm`}
        disabled={sending || !canConfirm}
        aria-busy={sending || undefined}
      >
        {sending ? <span className="checkout-bar__spinner" aria-hidden="true" /> : null}
        {send.phase === 'placed' && paysOnline
          ? t('openingPayment')
          : sending
            ? t('sending')
            : t('confirm')}
      </button>
      <p className="checkout-bar__status" role="status">
        {status}
      </p>
    </div>
  )
}
