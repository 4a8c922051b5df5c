import type { InputHTMLAttributes } from 'react'
import { Icon } from './icon'
import './number-stepper.css'

interface NumberStepperProps {
  value: number
  min: number
  max: number
  /** The buttons' names: "One person fewer", "Add one Borscht". */
  decreaseLabel: string
  increaseLabel: string
  /** What the value is, for a screen reader: "2 chosen", "Quantity: 3". */
  valueLabel: string
  onChange: (value: number) => void
  /** Given, the minus at `min` becomes a bin that takes the thing away, named by `label`. */
  remove?: { label: string; onRemove: () => void }
}

/** − value + within [min, max]. */
export function NumberStepper({
  value,
  min,
  max,
  decreaseLabel,
  increaseLabel,
  valueLabel,
  onChange,
  remove,
}: NumberStepperProps) {
  const removing = remove !== undefined && value <= min
  return (
    <div className="number-stepper">
      <button
        type="button"
        className="number-stepper__button"
        aria-label={removing ? remove.label : decreaseLabel}
        disabled={value <= min && !removing}
        onClick={() => (removing ? remove.onRemove() : onChange(value - 1))}
      >
        <Icon size={20}>
          {removing ? (
            <path d="M5 7h14M10 4.5h4M7 7l.8 11.2a2 2 0 0 0 2 1.8h4.4a2 2 0 0 0 2-1.8L17 7M10.5 11v5M13.5 11v5" />
          ) : (
            <path d="M6 12h12" />
          )}
        </Icon>
      </button>
      <output className="number-stepper__value" aria-label={valueLabel} aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="number-stepper__button"
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Icon size={20}>
          <path d="M6 12h12M12 6v12" />
        </Icon>
      </button>
    </div>
  )
}

interface NumberStepperInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'type' | 'value' | 'min' | 'max' | 'onChange'
> {
  /** The row's own class: where it sits, and its colours (`--number-stepper-background`). */
  className: string
  value: number
  min: number
  max: number
  decreaseLabel: string
  increaseLabel: string
  onDecrease: () => void
  onIncrease: () => void
  /** What was typed in the box, as a number (NaN while it is empty). */
  onType: (typed: number) => void
}

/** − value + with the value a box to type in too: a count the diner may know outright. */
export function NumberStepperInput({
  className,
  value,
  min,
  max,
  decreaseLabel,
  increaseLabel,
  onDecrease,
  onIncrease,
  onType,
  ...input
}: NumberStepperInputProps) {
  return (
    <div className={`number-stepper ${className}`}>
      <button
        type="button"
        className="number-stepper__button"
        aria-label={decreaseLabel}
        disabled={value <= min}
        onClick={onDecrease}
      >
        <Icon size={20}>
          <path d="M6 12h12" />
        </Icon>
      </button>
      <input
        className="number-stepper__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        {...input}
        onChange={(event) => onType(event.currentTarget.valueAsNumber)}
      />
      <button
        type="button"
        className="number-stepper__button"
        aria-label={increaseLabel}
        disabled={value >= max}
        onClick={onIncrease}
      >
        <Icon size={20}>
          <path d="M6 12h12M12 6v12" />
        </Icon>
      </button>
    </div>
  )
}
