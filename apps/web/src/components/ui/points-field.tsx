import { useId } from 'react'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { MINOR_PER_POINT } from '../../lib/bonus-points'
import { formatPrice } from '../../lib/format-price'
import { useMessages } from '../../lib/i18n/use-translation'
import { NumberStepperInput } from './number-stepper'
import { pointsFieldMessages } from './points-field-messages'
import './card.css'
import './points-field.css'

interface PointsFieldProps {
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  balance: number
  /** The most this order or share may take; 0 while it is being priced. */
  cap: number
  /** Points chosen: 0 pays none. */
  value: number
  onChange: (points: number) => void
}

/** Steps of the − and + buttons: a tenth of what may be spent, at least one point. */
const stepOf = (cap: number) => Math.max(1, Math.round(cap / 10))

/**
 * Paying part of an order or a share of the bill in points (decision 0060): a switch, then how
 * many, up to the cap; turned on it takes as many as allowed, which is what most diners want.
 */
export function PointsField({ restaurant, balance, cap, value, onChange }: PointsFieldProps) {
  const { t } = useMessages(pointsFieldMessages)
  const titleId = useId()
  const on = value > 0
  const step = stepOf(cap)
  const clamp = (points: number) => Math.min(cap, Math.max(0, Math.trunc(points) || 0))
  return (
    <section className="card points-field" aria-labelledby={titleId} data-on={on || undefined}>
      <div className="points-field__head">
        <div>
          <h2 className="points-field__title" id={titleId}>
            {t('pointsTitle')}
          </h2>
          <p className="points-field__note">{t('pointsBalance', { points: balance })}</p>
        </div>
        <label className="points-field__switch">
          <input
            type="checkbox"
            role="switch"
            checked={on}
            disabled={cap === 0}
            onChange={(event) => onChange(event.currentTarget.checked ? cap : 0)}
          />
          <span className="visually-hidden">{t('pointsUse')}</span>
        </label>
      </div>
      {on ? (
        <div className="points-field__amount">
          <NumberStepperInput
            className="points-field__stepper"
            aria-label={t('pointsAmount')}
            value={value}
            min={1}
            max={cap}
            decreaseLabel={t('pointsFewer')}
            increaseLabel={t('pointsMore')}
            onDecrease={() => onChange(clamp(value - step) || 1)}
            onIncrease={() => onChange(clamp(value + step))}
            onType={(typed) => onChange(clamp(typed))}
          />
          <p className="points-field__note" aria-live="polite">
            {t('pointsWorth', {
              amount: formatPrice(value * MINOR_PER_POINT, restaurant),
              cap,
            })}
          </p>
        </div>
      ) : cap === 0 ? (
        <p className="points-field__note">{t('pointsNone')}</p>
      ) : (
        <p className="points-field__note">{t('pointsUpTo', { cap })}</p>
      )}
    </section>
  )
}
