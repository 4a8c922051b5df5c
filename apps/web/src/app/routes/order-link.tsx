import type { ReactNode } from 'react'
import { buttonClass, type ButtonVariant } from '../../components/ui/button'
import { Link } from '../../components/ui/link'
import { paths } from '../../config/paths'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'

/** A full-width button to the order's own screen: back from Pay and Fail, on from Success. */
export function OrderLink({
  orderId,
  variant = 'secondary',
  children,
}: {
  orderId: string
  variant?: ButtonVariant
  children: ReactNode
}) {
  return (
    <Link
      className={buttonClass(variant, { block: true })}
      to={paths.order(useRestaurantId(), orderId)}
    >
      {children}
    </Link>
  )
}
