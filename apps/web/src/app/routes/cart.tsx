import { useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Link } from '../../components/ui/link'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { menuUpdated, restaurantChannel } from '@tableside/contracts/realtime-events'
import type { Dish } from '@tableside/contracts/menu'
import { paths } from '../../config/paths'
import { useCart } from '../../features/cart/cart-store'
import { cartMessages } from '../../features/cart/cart-messages'
import { cartLineViews } from '../../features/cart/cart-view'
import { CartEmpty } from '../../features/cart/components/cart-empty'
import { CartLineItem } from '../../features/cart/components/cart-line-item'
import { CartSummary } from '../../features/cart/components/cart-summary'
import { UndoSnackbar } from '../../features/cart/components/undo-snackbar'
import { invalidateCartQuotes } from '../../features/cart/api/quote-cart'
import { useCartQuote } from '../../features/cart/hooks/use-cart-quote'
import { readReorderedNotice, reorderedMessages } from '../../features/orders/reorder-notice'
import { menuQueryOptions } from '../../features/menu/api/get-menu'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { MAX_ORDER_TOTAL } from '@tableside/contracts/text'
import { ApiError } from '../../lib/api-error'
import { formatPercent, formatPrice } from '../../lib/format-price'
import { useApiClient } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { useChannelEvent } from '../../lib/realtime/use-channel-event'
import { Screen } from '../screen'
import './cart.css'

/** `/cart`: what the diner chose, priced by the server, and the way on to ordering. */
export function CartRoute() {
  const restaurant = useRestaurant()
  const restaurantId = useRestaurantId()
  const api = useApiClient()
  const navigate = useNavigate()
  const { t } = useMessages(cartMessages)
  const cart = useCart(restaurantId)
  // "Order again" says what it put in the cart (decision 0053).
  const reordered = readReorderedNotice(useLocation().state)
  const reorderedText = useMessages(reorderedMessages).t
  const quote = useCartQuote(restaurantId, cart.lines)
  const queryClient = useQueryClient()
  // The manager's stop-list reaches the cart at once (issue 17): the lines are priced again.
  useChannelEvent(restaurantChannel(restaurantId), menuUpdated, (update) => {
    void import('../../features/menu/api/menu-updates').then(({ applyMenuUpdate }) => {
      applyMenuUpdate(queryClient, api, restaurantId, update)
    })
    invalidateCartQuotes(queryClient, restaurantId)
  })
  // Photos and names come from the menu when it is cached; the quote has names too.
  const menu = useQuery(menuQueryOptions(api, restaurantId))
  const dishes = useMemo(
    () => (menu.data ? new Map<string, Dish>(menu.data.dishes.map((d) => [d.id, d])) : undefined),
    [menu.data],
  )
  const views = useMemo(
    () => cartLineViews(cart.lines, quote.data, dishes),
    [cart.lines, quote.data, dishes],
  )
  // The server refuses a cart past the largest order instead of pricing it (decision 0033).
  const tooLarge = quote.error instanceof ApiError && quote.error.code === 'order_too_large'
  const [removedName, setRemovedName] = useState<string | null>(null)
  const list = useRef<HTMLUListElement>(null)

  const remove = (key: string, name: string) => {
    cart.remove(key)
    setRemovedName(name)
    // The pressed button is gone with its line; keep the keyboard in the list.
    list.current?.focus({ preventScroll: true })
  }
  const undo = cart.undo
  const snackbar =
    undo && removedName !== null ? (
      <UndoSnackbar
        message={t('removed', { name: removedName })}
        onUndo={() => {
          undo()
          setRemovedName(null)
        }}
        onDismiss={() => {
          cart.dismissUndo()
          setRemovedName(null)
        }}
      />
    ) : null

  return (
    <Screen title={t('title')}>
      <div className="cart" data-empty={cart.lines.length === 0 || undefined}>
        {cart.lines.length === 0 ? (
          <CartEmpty restaurantId={restaurantId} />
        ) : (
          <>
            {reordered ? (
              <p className="cart__reordered" role="status">
                {reorderedText(reordered.joined ? 'joined' : 'filled', {
                  number: reordered.number,
                })}{' '}
                {reorderedText(reordered.same ? 'same' : 'today')}
              </p>
            ) : null}
            <ul ref={list} className="cart__lines" aria-label={t('linesLabel')} tabIndex={-1}>
              {views.map((view) => (
                <CartLineItem
                  key={view.entry.key}
                  view={view}
                  restaurant={restaurant}
                  onQuantity={cart.setQuantity}
                  onRemove={remove}
                />
              ))}
            </ul>
            {tooLarge ? (
              <p className="cart__note" data-alert role="alert">
                {t('tooLarge', { max: formatPrice(MAX_ORDER_TOTAL, restaurant) })}
              </p>
            ) : null}
            {quote.data?.quote.ageRestricted ? (
              <p className="cart__note">{t('adultNote')}</p>
            ) : null}
            {restaurant.settings.serviceChargeBasisPoints > 0 ? (
              <p className="cart__note">
                {t('serviceChargeNote', {
                  percent: formatPercent(
                    restaurant.settings.serviceChargeBasisPoints,
                    restaurant.locale,
                  ),
                })}
              </p>
            ) : null}
            <Link className="cart__more" to={paths.menu(restaurantId)}>
              {t('addMore')}
            </Link>
            <CartSummary
              restaurant={restaurant}
              quote={quote.data?.quote}
              pending={quote.isPlaceholderData}
              failed={quote.isError}
              tooLarge={tooLarge}
              onRetry={() => void quote.refetch()}
              onContinue={() => void navigate(paths.checkout(restaurantId))}
            />
          </>
        )}
        <div className="cart__undo" role="status">
          {snackbar}
        </div>
      </div>
    </Screen>
  )
}
