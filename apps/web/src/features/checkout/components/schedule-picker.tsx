import type { UseQueryResult } from '@tanstack/react-query'
import type { Slots } from '@tableside/contracts/orders'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import { ASAP, NO_TIME, fieldId, type FieldProblem } from '../checkout-form'
import type { ScheduledType } from '../api/get-slots'
import { dayName, nextDate, type ScheduleView } from '../schedule'
import { FieldProblemText, problemProps } from './field-problem'

interface SchedulePickerProps {
  type: ScheduledType
  slots: UseQueryResult<Slots>
  /** What can be chosen on the day on show; null until the slots are known. */
  view: ScheduleView | null
  /** Slots cannot be had at all (the restaurant does not offer times): as soon as possible only. */
  unavailable: boolean
  today: string
  when: string
  problem: FieldProblem | undefined
  onDate: (date: string) => void
  onWhen: (when: string) => void
}

const legendKey = {
  delivery: 'whenLegendDelivery',
  pickup: 'whenLegendPickup',
  preorder: 'whenLegendPreorder',
} as const

/** As soon as possible or a time slot; a pre-order picks a day first. */
export function SchedulePicker(props: SchedulePickerProps) {
  const { type, slots, view, unavailable, today, problem } = props
  const { t, language } = useMessages(checkoutMessages)
  const data = slots.data
  const dayLabel = (date: string) =>
    date === today ? t('today') : date === nextDate(today) ? t('tomorrow') : dayName(date, language)
  const shown = view?.slots ?? []
  const asapOffered = type !== 'preorder' && (unavailable || view?.asap === true)
  // Said above the times, where the diner looks after tapping another day.
  const laterDayNoTime =
    type !== 'preorder' && view !== null && view.day > today && props.when === NO_TIME && !problem
  return (
    <fieldset className="checkout-section" {...problemProps('when', problem)}>
      <legend className="checkout-section__title">{t(legendKey[type])}</legend>
      {view && view.days.length > 1 ? (
        <div className="day-tabs" role="group" aria-label={t('day')}>
          {view.days.map((day) => (
            <button
              key={day}
              type="button"
              className="day-tabs__day"
              aria-pressed={day === view.day}
              onClick={() => props.onDate(day)}
            >
              {dayLabel(day)}
            </button>
          ))}
        </div>
      ) : null}
      {laterDayNoTime ? <p className="checkout-section__note">{t('chooseTimeLater')}</p> : null}
      <div className="slot-grid" id={fieldId('when')} tabIndex={-1} aria-busy={slots.isFetching}>
        {asapOffered ? (
          <label className="slot slot--asap">
            <input
              type="radio"
              name="when"
              className="slot__input"
              checked={props.when === ASAP}
              onChange={() => props.onWhen(ASAP)}
            />
            <span className="slot__label">
              {t('asap')}
              {data ? (
                <span className="slot__hint">
                  {t('asapHint', { minutes: data.leadTimeMinutes })}
                </span>
              ) : null}
            </span>
          </label>
        ) : null}
        {shown.map((slot) => (
          <label key={slot.at} className="slot">
            <input
              type="radio"
              name="when"
              className="slot__input"
              value={slot.at}
              checked={props.when === slot.at}
              onChange={() => props.onWhen(slot.at)}
            />
            <span className="slot__label">{slot.label}</span>
          </label>
        ))}
      </div>
      {unavailable ? (
        <p className="checkout-section__note">{t('slotsUnavailable')}</p>
      ) : slots.isPending || slots.isPlaceholderData ? (
        <p className="checkout-section__note">{t('slotsLoading')}</p>
      ) : slots.isError && !data ? (
        <p className="checkout-section__note" data-alert>
          {t('slotsFailed')}{' '}
          <button type="button" className="link-button" onClick={() => void slots.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : view && shown.length === 0 && !asapOffered ? (
        <p className="checkout-section__note">{t('noSlots')}</p>
      ) : null}
      <FieldProblemText field="when" problem={problem} />
    </fieldset>
  )
}
