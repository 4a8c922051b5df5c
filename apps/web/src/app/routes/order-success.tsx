import { CheckCircleIcon } from '../../components/ui/screen-icons'
import { OrderOutcome } from './order-outcome'

export function OrderSuccessRoute() {
  return <OrderOutcome outcome="success" icon={<CheckCircleIcon />} />
}
