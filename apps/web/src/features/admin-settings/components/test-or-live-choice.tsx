import { useId } from 'react'

/** Whether an account at a provider is used in its test mode or for real (the acquirer, АТОЛ). */
export function TestOrLiveChoice({
  legend,
  live,
  onChange,
  label,
  wide,
}: {
  legend: string
  live: boolean
  onChange: (live: boolean) => void
  label: (mode: 'test' | 'live') => string
  wide?: boolean
}) {
  const id = useId()
  return (
    <fieldset className={`settings-choices${wide ? ' settings-field--wide' : ''}`}>
      <legend className="settings-field__label" id={id}>
        {legend}
      </legend>
      {(['test', 'live'] as const).map((mode) => (
        <label key={mode} className="settings-check">
          <input
            type="radio"
            name={id}
            checked={live === (mode === 'live')}
            onChange={() => onChange(mode === 'live')}
          />
          <span>{label(mode)}</span>
        </label>
      ))}
    </fieldset>
  )
}
