import { useId, useState } from 'react'
import type { KitchenThresholds } from '@tableside/contracts/kitchen'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useSaveThresholds } from '../api/stations'
import { adminKitchenMessages } from '../admin-kitchen-messages'
import { problemText } from '../problem-text'

/** When a ticket on the kitchen display turns amber and red. */
export function ThresholdsForm({ thresholds }: { thresholds: KitchenThresholds }) {
  const { t } = useMessages(adminKitchenMessages)
  const save = useSaveThresholds()
  const [warn, setWarn] = useState(String(thresholds.warnMinutes))
  const [late, setLate] = useState(String(thresholds.lateMinutes))
  const [checked, setChecked] = useState(false)
  const [dirty, setDirty] = useState(false)
  const [shown, setShown] = useState(thresholds)
  // Values saved elsewhere (another manager) replace the form's unless the manager is editing.
  if (shown !== thresholds && !dirty) {
    setShown(thresholds)
    setWarn(String(thresholds.warnMinutes))
    setLate(String(thresholds.lateMinutes))
  }
  const ids = { title: useId(), problem: useId() }
  const warnMinutes = Number(warn)
  const lateMinutes = Number(late)
  const wrongOrder = checked && lateMinutes <= warnMinutes
  const problem = wrongOrder
    ? t('lateNotAfterWarn')
    : save.isError
      ? problemText(save.error, t)
      : ''
  /** A field typed in: the form is the manager's until saved, and the last answer is old news. */
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value)
    setDirty(true)
    save.reset()
  }
  return (
    <section className="admin-panel admin-kitchen__timer" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="admin-kitchen__heading">
        {t('timerTitle')}
      </h2>
      <p className="admin-kitchen__text">{t('timerText')}</p>
      <form
        className="admin-kitchen__timer-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setChecked(true)
          if (save.isPending || lateMinutes <= warnMinutes) return
          save.mutate({ warnMinutes, lateMinutes }, { onSuccess: () => setDirty(false) })
        }}
      >
        <MinutesField
          label={t('warnMinutes')}
          min={1}
          max={600}
          value={warn}
          onChange={edited(setWarn)}
        />
        <MinutesField
          label={t('lateMinutes')}
          min={2}
          max={720}
          value={late}
          invalid={wrongOrder}
          describedBy={problem ? ids.problem : undefined}
          onChange={edited(setLate)}
        />
        <button
          type="submit"
          className={buttonClass('primary')}
          aria-disabled={save.isPending || undefined}
        >
          {save.isPending ? t('saving') : t('saveTimer')}
        </button>
      </form>
      <p id={ids.problem} className="admin-kitchen__status" role="status">
        {problem || (save.isSuccess ? t('saved') : '')}
      </p>
    </section>
  )
}

/** A number of minutes, typed. */
function MinutesField({
  label,
  min,
  max,
  value,
  invalid = false,
  describedBy,
  onChange,
}: {
  label: string
  min: number
  max: number
  value: string
  invalid?: boolean
  describedBy?: string | undefined
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="admin-field" data-invalid={invalid || undefined}>
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="admin-input admin-kitchen__minutes"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        required
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
