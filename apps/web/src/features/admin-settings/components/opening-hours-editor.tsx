import { useId } from 'react'
import { closesNextDay } from '@tableside/contracts/opening-hours'
import { useMessages } from '../../../lib/i18n/use-translation'
import { settingsMessages, type SettingsMessageKey } from '../admin-settings-messages'
import type { PeriodForm, SettingsProblems } from '../settings-form'

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const
const dayKey = (day: number) => `day${String(day)}` as SettingsMessageKey

/**
 * The week's hours, a row per day with its periods (a day may have two: lunch and dinner). The
 * form keeps one flat list in the API's order, so a refused period's error path finds its row.
 */
export function OpeningHoursEditor({
  hours,
  problems,
  onChange,
}: {
  hours: readonly PeriodForm[]
  problems: SettingsProblems
  onChange: (hours: PeriodForm[]) => void
}) {
  const { t } = useMessages(settingsMessages)
  const baseId = useId()
  const change = (index: number, patch: Partial<PeriodForm>) =>
    onChange(hours.map((period, at) => (at === index ? { ...period, ...patch } : period)))

  return (
    <div className="opening-hours">
      {DAYS.map((day) => {
        const periods = hours
          .map((period, index) => ({ period, index }))
          .filter(({ period }) => period.day === day)
        const dayId = `${baseId}-day-${String(day)}`
        return (
          <div key={day} className="opening-hours__day" role="group" aria-labelledby={dayId}>
            <p id={dayId} className="opening-hours__name">
              {t(dayKey(day))}
            </p>
            <div className="opening-hours__periods">
              {periods.length === 0 ? <p className="opening-hours__closed">{t('closed')}</p> : null}
              {periods.map(({ period, index }) => {
                const opensProblem = problems[`openingHours.${index}.opens`]
                const closesProblem = problems[`openingHours.${index}.closes`]
                const problem = opensProblem ?? closesProblem
                const problemId = `${baseId}-problem-${String(index)}`
                const note =
                  period.opens === period.closes
                    ? t('roundTheClock')
                    : closesNextDay(period)
                      ? t('nextDay')
                      : null
                return (
                  <div key={index} className="opening-hours__period">
                    <label className="opening-hours__time">
                      <span className="visually-hidden">
                        {t(dayKey(day))}, {t('opens')}
                      </span>
                      <input
                        type="time"
                        value={period.opens}
                        required
                        onChange={(event) => change(index, { opens: event.currentTarget.value })}
                        aria-invalid={opensProblem ? true : undefined}
                        aria-describedby={opensProblem ? problemId : undefined}
                      />
                    </label>
                    <span aria-hidden="true">–</span>
                    <label className="opening-hours__time">
                      <span className="visually-hidden">
                        {t(dayKey(day))}, {t('closes')}
                      </span>
                      <input
                        type="time"
                        value={period.closes}
                        required
                        onChange={(event) => change(index, { closes: event.currentTarget.value })}
                        aria-invalid={closesProblem ? true : undefined}
                        aria-describedby={closesProblem ? problemId : undefined}
                      />
                    </label>
                    {note ? <span className="opening-hours__note">{note}</span> : null}
                    <button
                      type="button"
                      className="opening-hours__remove"
                      aria-label={t('removePeriod', {
                        day: t(dayKey(day)),
                        opens: period.opens,
                        closes: period.closes,
                      })}
                      onClick={() => onChange(hours.filter((_, at) => at !== index))}
                    >
                      ×
                    </button>
                    {problem ? (
                      <p id={problemId} className="settings-field__problem opening-hours__problem">
                        {t(problem)}
                      </p>
                    ) : null}
                  </div>
                )
              })}
            </div>
            <button
              type="button"
              className="opening-hours__add"
              onClick={() => {
                // A day's first hours, or an evening beside a lunch.
                const period =
                  periods.length === 0
                    ? { day, opens: '10:00', closes: '22:00' }
                    : { day, opens: '18:00', closes: '23:00' }
                onChange([...hours, period])
              }}
            >
              + {t('addPeriod')}
              <span className="visually-hidden">: {t(dayKey(day))}</span>
            </button>
          </div>
        )
      })}
    </div>
  )
}
