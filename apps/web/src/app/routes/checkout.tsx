import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { Order } from '@tableside/contracts/orders'
import type { Payment } from '@tableside/contracts/payments'
import { CartIcon } from '../../components/ui/icons'
import { paths } from '../../config/paths'
import { useCart } from '../../features/cart/cart-store'
import { toCartLines } from '../../features/cart/cart-view'
import { CheckoutForm } from '../../features/checkout/components/checkout-form'
import { checkoutMessages } from '../../features/checkout/checkout-messages'
import { initialOrderType } from '../../features/checkout/order-types'
import { rememberOrder } from '../../features/orders/my-orders-store'
import { useStartOrderPayment } from '../../features/payments/api/start-order-payment'
import {
  deviceStorage,
  initialReceiptContact,
  looksLikeReceiptContact,
  recallReceiptContact,
} from '../../features/payments/receipt-contact'
import { maxTip, tipAmount, type TipDraft } from '../../features/payments/bill-payment-choice'
import { BillTipPicker } from '../../features/payments/components/bill-tip-picker'
import { isOnlineMethod } from '../../features/payments/online-methods'
import { startedOrderPayments } from '../../features/payments/started-payment'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { SessionExpiryNotice } from '../../features/table-session/components/session-expiry-notice'
import { endTableSession } from '../../features/table-session/session-ended-store'
import { useStoredTableSession } from '../../features/table-session/table-session-store'
import { defineMessages } from '../../lib/i18n/messages'
import { isApiError } from '../../lib/api-error'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { useCheckoutDiner } from './checkout-diner'
import { useProfileReceiptContact } from './profile-receipt-contact'
import { NothingYet } from './nothing-yet'
import { useSpendablePoints } from './use-spendable-points'
import { leavesForAcquirer, noticeOfStartError, type StartFailedState } from './order-payment-start'
import './checkout.css'

const messages = defineMessages({
  en: {
    emptyTitle: 'Nothing to order yet',
    emptyText: 'Choose dishes from the menu first: they wait in the cart until you order.',
    toMenu: 'Go to the menu',
    loadingProfile: 'Loading your profile…',
  },
  ru: {
    emptyTitle: 'Пока нечего заказывать',
    emptyText: 'Сначала выберите блюда в меню: они подождут в корзине до заказа.',
    toMenu: 'Перейти в меню',
    loadingProfile: 'Загружаем ваш профиль…',
  },
})

/** `/order`: placing the cart as an order, to the table, for delivery, pickup or a pre-order. */
export function CheckoutRoute() {
  const restaurant = useRestaurant()
  const restaurantId = restaurant.id
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { t } = useMessages(checkoutMessages)
  const empty = useMessages(messages)
  const cart = useCart(restaurantId)
  const lines = useMemo(() => toCartLines(cart.lines), [cart.lines])
  const session = useStoredTableSession(restaurantId)
  const askedType = params.get('type')
  const startPayment = useStartOrderPayment()
  // A signed-in diner with points on this restaurant's card may pay part of it so (decision 0060).
  const { points, readAgain: readCardAgain } = useSpendablePoints(restaurantId)
  const diner = useCheckoutDiner()
  const profileReceipt = useProfileReceiptContact()
  // A tip rides on an online payment (issue 28), chosen as on the bill: the picker is the bill's.
  const [tip, setTip] = useState<TipDraft>({ kind: 'none' })
  const tipOn = (amount: number) => {
    const minor = tipAmount(tip, amount)
    return {
      picker: (
        <BillTipPicker
          amount={amount}
          tip={tip}
          waiterName={null}
          restaurant={restaurant}
          onChange={setTip}
        />
      ),
      amount: minor,
      valid: minor <= maxTip(amount),
    }
  }

  const placed = async (order: Order, tip: number) => {
    rememberOrder(restaurantId, order.id)
    if (order.bonusPoints > 0) readCardAgain()
    // The cart empties once the next screen is up, so this one never flashes "empty".
    const go = (to: string, state?: StartFailedState) =>
      Promise.resolve(navigate(to, { replace: true, state })).finally(cart.clear)
    const method = order.paymentMethod
    if (!isOnlineMethod(method)) {
      await go(paths.order(restaurantId, order.id))
      return
    }
    // Card or SBP was chosen here: start paying with it and go straight to the bank's page,
    // never asking again. The Pay screen takes this screen's place in the history, so the way
    // back from the bank shows the payment waiting, and a failed start its reason and a retry.
    const payPath = paths.orderPay(restaurantId, order.id)
    // Receipts on and no contact kept on the diner's profile or this device: the Pay screen
    // asks for one.
    const receiptContact = restaurant.receipts
      ? initialReceiptContact(profileReceipt, recallReceiptContact(deviceStorage()))
      : ''
    if (restaurant.receipts && !looksLikeReceiptContact(receiptContact)) {
      await go(payPath)
      return
    }
    let payment: Payment
    try {
      payment = await startPayment.mutateAsync({
        orderId: order.id,
        method,
        tip,
        ...(receiptContact ? { receiptContact } : {}),
      })
    } catch (error) {
      const notice = noticeOfStartError(error)
      if (notice) await go(paths.order(restaurantId, order.id, { notice }))
      else await go(payPath, { startFailed: isApiError(error) ? error.code : 'unknown' })
      return
    }
    startedOrderPayments.remember(order.id, payment.id)
    await go(payPath)
    if (leavesForAcquirer(payment)) window.location.assign(payment.redirectUrl)
  }

  return (
    <Screen title={t('title')}>
      {lines.length === 0 ? (
        <NothingYet
          restaurantId={restaurantId}
          icon={<CartIcon size={32} />}
          title={empty.t('emptyTitle')}
          text={empty.t('emptyText')}
          toMenu={empty.t('toMenu')}
        />
      ) : diner === undefined ? (
        // The form starts from the profile (its masked phone field takes its value once), so
        // it waits the moment a signed-in diner's profile and addresses take to load.
        <div className="checkout-waiting" role="status">
          <span className="visually-hidden">{empty.t('loadingProfile')}</span>
          <div className="skeleton skeleton--card" />
          <div className="skeleton skeleton--card" />
        </div>
      ) : (
        <CheckoutForm
          restaurant={restaurant}
          lines={lines}
          table={session ? { sessionId: session.id, label: session.table.label } : null}
          initialType={initialOrderType(
            restaurant.settings.orderTypes,
            askedType,
            session !== null,
          )}
          diner={diner}
          cartHref={paths.cart(restaurantId)}
          ordersHref={paths.orders(restaurantId)}
          onPlaced={(order, tip) => void placed(order, tip)}
          onSessionExpired={(sessionId) => endTableSession(restaurantId, sessionId)}
          points={points}
          onPointsRefused={readCardAgain}
          tip={tipOn}
        />
      )}
      <SessionExpiryNotice restaurantId={restaurantId} />
    </Screen>
  )
}
