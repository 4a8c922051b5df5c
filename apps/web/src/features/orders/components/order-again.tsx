import { lazy, Suspense, useState } from 'react'
import { MAX_CART_LINES, type CartLine } from '@tableside/contracts/cart'
import type { ReorderQuote } from '@tableside/contracts/reorder'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { RefreshIcon } from '../../../components/ui/status-icons'
import { useApiClient } from '../../../lib/app-context'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { fetchReorderQuote, reorderCartLines } from '../api/quote-reorder'
import type { ReorderedNotice } from '../reorder-notice'
import './order-again.css'

const loadSheet = () => import('./reorder-sheet')
const ReorderSheet = lazy(async () => ({ default: (await loadSheet()).ReorderSheet }))

const messages = defineMessages({
  en: {
    action: 'Order again',
    checking: 'Checking today’s menu…',
    failed: 'Could not compare the order with today’s menu: the connection failed. Try again.',
    cartFull:
      'The cart holds at most {max} lines, and this order would not fit. Order what is in the cart first, or remove some lines.',
  },
  ru: {
    action: 'Повторить заказ',
    checking: 'Сверяем с сегодняшним меню…',
    failed:
      'Не удалось сверить заказ с сегодняшним меню: нет связи с рестораном. Попробуйте ещё раз.',
    cartFull:
      'В корзине помещается не больше {max} позиций, и этот заказ не поместится. Сначала оформите то, что уже в корзине, или уберите лишнее.',
  },
})

/** The diner's cart as "Order again" needs it: the route passes the cart store's own. */
export interface ReorderCart {
  lines: readonly CartLine[]
  add: (line: CartLine) => void
}

type Step =
  | { name: 'idle' }
  | { name: 'checking' }
  | { name: 'failed'; reason: 'failed' | 'cartFull' }
  | { name: 'asking'; quote: ReorderQuote }

/**
 * "Order again" (issue 16, decision 0053): prices the past order against today's menu; when
 * nothing differs the cart is filled at once, otherwise a sheet lists every difference first.
 * Lines are added to the cart, never put in place of what is there; `onFilled` then goes on
 * (to the cart) with what to tell the diner. For the order screen and the history alike.
 */
export function OrderAgain({
  orderId,
  restaurant,
  cart,
  onFilled,
}: {
  orderId: string
  restaurant: Pick<Restaurant, 'id' | 'locale' | 'currency'>
  cart: ReorderCart
  onFilled: (notice: ReorderedNotice) => void
}) {
  const api = useApiClient()
  const { t } = useMessages(messages)
  const [step, setStep] = useState<Step>({ name: 'idle' })

  const fill = (quote: ReorderQuote) => {
    const lines = reorderCartLines(quote)
    // The cart keeps at most MAX_CART_LINES and would drop the rest without a word.
    if (cart.lines.length + lines.length > MAX_CART_LINES) {
      setStep({ name: 'failed', reason: 'cartFull' })
      return
    }
    const joined = cart.lines.length > 0
    for (const line of lines) cart.add(line)
    setStep({ name: 'idle' })
    onFilled({ number: quote.orderNumber, joined, same: quote.unchanged })
  }

  const start = async () => {
    setStep({ name: 'checking' })
    // The sheet's code loads while the server prices the order.
    void loadSheet().catch(() => undefined)
    try {
      const quote = await fetchReorderQuote(api, restaurant.id, orderId)
      if (quote.unchanged) fill(quote)
      else setStep({ name: 'asking', quote })
    } catch {
      setStep({ name: 'failed', reason: 'failed' })
    }
  }

  const checking = step.name === 'checking'
  return (
    <div className="order-again">
      <button
        type="button"
        className={buttonClass('secondary', { block: true })}
        disabled={checking}
        onClick={() => void start()}
      >
        <RefreshIcon size={20} />
        {checking ? t('checking') : t('action')}
      </button>
      {step.name === 'failed' ? (
        <p className="order-again__error" role="alert">
          {t(step.reason, { max: MAX_CART_LINES })}
        </p>
      ) : null}
      {step.name === 'asking' ? (
        <Suspense fallback={null}>
          <ReorderSheet
            quote={step.quote}
            restaurant={restaurant}
            cartCount={cart.lines.length}
            onAdd={() => fill(step.quote)}
            onCancel={() => setStep({ name: 'idle' })}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
