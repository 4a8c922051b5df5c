import { AlertIcon } from '../../components/ui/status-icons'
import { OrderOutcome } from './order-outcome'

export function OrderFailRoute() {
  return <OrderOutcome outcome="fail" icon={<AlertIcon />} />
}
