import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { Link } from '../../components/ui/link'
import { buttonClass } from '../../components/ui/button'
import { paths } from '../../config/paths'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'
import { orderMessages } from './order-messages'

/** Where the payment provider sends the diner back: the outcome and a way to the order. */
export function OrderOutcome({ outcome, icon }: { outcome: 'success' | 'fail'; icon: ReactNode }) {
  const restaurantId = useRestaurantId()
  const { id = '' } = useParams()
  const { t } = useMessages(orderMessages)
  return (
    <ComingSoonScreen
      title={t(outcome === 'success' ? 'successTitle' : 'failTitle')}
      icon={icon}
      text={t(outcome === 'success' ? 'successSoon' : 'failSoon')}
      actions={
        <Link
          className={buttonClass('secondary', { block: true })}
          to={paths.order(restaurantId, id)}
        >
          {t('title', { id })}
        </Link>
      }
    />
  )
}
