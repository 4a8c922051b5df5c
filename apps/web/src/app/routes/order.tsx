import { useOutlet, useParams } from 'react-router'
import { OrdersIcon } from '../../components/ui/icons'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'
import { orderMessages } from './order-messages'

/** `/order/:id`: the order's details, or one of its payment screens (pay, success, fail). */
export function OrderRoute() {
  const outlet = useOutlet()
  const { id = '' } = useParams()
  const { t } = useMessages(orderMessages)
  if (outlet) return outlet
  return <ComingSoonScreen title={t('title', { id })} icon={<OrdersIcon />} text={t('soon')} />
}
