import type { Order } from '@tableside/contracts/orders'
import { CheckCircleIcon } from '../../../components/ui/screen-icons'
import { useMessages } from '../../../lib/i18n/use-translation'
import { formatOrderTime } from '../format-time'
import { orderWords } from '../order-messages'
import { orderTimeline, type StepState } from '../order-timeline'
import './order-timeline-view.css'

interface OrderTimelineViewProps {
  order: Pick<Order, 'type' | 'status' | 'history'>
  timeZone: string
  label: string
}

const stateWord = {
  done: 'stepDone',
  current: 'stepCurrent',
  upcoming: 'stepUpcoming',
  cancelled: 'stepCurrent',
} as const satisfies Record<StepState, string>

/** The order's way from the restaurant's "sent" to "completed", the current step marked. */
export function OrderTimelineView({ order, timeZone, label }: OrderTimelineViewProps) {
  const { t, language } = useMessages(orderWords)
  return (
    <ol className="order-timeline" aria-label={label}>
      {orderTimeline(order).map((step) => (
        <li
          key={step.status}
          className="order-timeline__step"
          data-state={step.state}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="order-timeline__marker" aria-hidden="true">
            {step.state === 'done' ? <CheckCircleIcon size={22} /> : null}
          </span>
          <span className="order-timeline__name">
            {t(step.status)}
            <span className="visually-hidden">, {t(stateWord[step.state])}</span>
          </span>
          {step.at ? (
            <time className="order-timeline__time" dateTime={step.at}>
              {formatOrderTime(step.at, timeZone, language)}
            </time>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
