import type { Ref } from 'react'
import { Link } from '../../../components/ui/link'
import { AlertIcon } from '../../../components/ui/status-icons'
import type { ApiError } from '../../../lib/api-error'
import { apiErrorKey, apiErrorMessages } from '../../../lib/api-error-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { orderProblemMessages } from '../order-problem-messages'

export interface OrderRefusal {
  error: ApiError
  /** Names of the dishes the server named, for `dish_unavailable`. */
  dishes: readonly string[]
}

interface OrderProblemProps {
  refusal: OrderRefusal
  cartHref: string
  ordersHref: string
  alertRef: Ref<HTMLDivElement>
}

/** Why the order did not go through, in plain words, with the way to fix it. */
export function OrderProblem({ refusal, cartHref, ordersHref, alertRef }: OrderProblemProps) {
  const { t } = useMessages(orderProblemMessages)
  const errors = useMessages(apiErrorMessages).t
  const { code } = refusal.error
  const explained = apiErrorKey(refusal.error)
  const text =
    code === 'dish_unavailable' && refusal.dishes.length > 0
      ? t('dish_unavailable', { dishes: refusal.dishes.join(', ') })
      : explained
        ? errors(explained)
        : t('other')
  return (
    <div className="order-problem" role="alert" tabIndex={-1} ref={alertRef}>
      <AlertIcon size={22} />
      <div className="order-problem__body">
        <p>{text}</p>
        {code === 'dish_unavailable' ||
        code === 'below_minimum_order' ||
        code === 'order_too_large' ? (
          <Link className="order-problem__action" to={cartHref}>
            {t('toCart')}
          </Link>
        ) : code === 'idempotency_conflict' ? (
          <Link className="order-problem__action" to={ordersHref}>
            {t('toOrders')}
          </Link>
        ) : null}
      </div>
    </div>
  )
}
