import type { WaiterCall } from '@tableside/contracts/waiter-calls'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantClock } from '../../../lib/restaurant-time'
import { waiterCallMessages } from '../waiter-call-messages'
import './call-progress.css'

/** One call and how far it got: sent → the waiter (by name) is coming → done. */
export function CallProgress({ call, timeZone }: { call: WaiterCall; timeZone: string }) {
  const { t, language } = useMessages(waiterCallMessages)
  const name = call.acknowledgedBy?.name
  const steps = [
    { key: 'sent', label: t('stepSent'), at: call.createdAt },
    {
      key: 'coming',
      label: name ? t('stepComingBy', { name }) : t('stepComing'),
      at: call.acknowledgedAt,
    },
    { key: 'done', label: t('stepDone'), at: call.doneAt },
  ]
  const reached = call.status === 'open' ? 0 : call.status === 'acknowledged' ? 1 : 2
  return (
    <article className="call-progress" data-status={call.status}>
      <h3 className="call-progress__title">
        {call.reason === 'other' ? (call.comment ?? t('other')) : t(`call_${call.reason}`)}
      </h3>
      <ol className="call-progress__steps">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className="call-progress__step"
            data-state={index < reached ? 'done' : index === reached ? 'current' : 'upcoming'}
            aria-current={index === reached ? 'step' : undefined}
          >
            <span className="call-progress__dot" aria-hidden="true" />
            <span className="call-progress__label">{step.label}</span>
            {step.at && index <= reached ? (
              <time className="call-progress__time" dateTime={step.at}>
                {restaurantClock(step.at, timeZone, dateLocale(language))}
              </time>
            ) : null}
          </li>
        ))}
      </ol>
    </article>
  )
}
