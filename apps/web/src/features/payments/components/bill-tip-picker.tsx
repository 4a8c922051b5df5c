import { useId, useMemo } from 'react'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { tipFor } from '@tableside/contracts/payments'
import { formatPrice } from '../../../lib/format-price'
import { numberMaskOptions, useMaskInput } from '../../../lib/masks'
import { useMessages } from '../../../lib/i18n/use-translation'
import { billPayMessages } from '../bill-pay-messages'
import { maxTip, tipPresets, type TipDraft } from '../bill-payment-choice'
import './pay-fieldset.css'
import './bill-pay.css'

/** Minor units in one unit of the currency (100 kopecks in a rouble). */
function minorPerUnit(locale: string, currency: string): number {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency })
  return 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2)
}

function currencySymbol(locale: string, currency: string): string {
  const parts = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0)
  return parts.find((part) => part.type === 'currency')?.value ?? currency
}

interface BillTipPickerProps {
  /** What the tip is on: the diner's part of the bill. */
  amount: number
  tip: TipDraft
  waiterName: string | null
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'settings'>
  onChange: (tip: TipDraft) => void
}

/** No tip, the restaurant's presets, or an amount typed in whole units of the currency. */
export function BillTipPicker({
  amount,
  tip,
  waiterName,
  restaurant,
  onChange,
}: BillTipPickerProps) {
  const { t } = useMessages(billPayMessages)
  const name = useId()
  const customId = useId()
  const problemId = useId()
  const { locale, currency } = restaurant
  const unit = minorPerUnit(locale, currency)
  const maskOptions = useMemo(() => numberMaskOptions({ locale, unsigned: true }), [locale])
  const customMask = useMaskInput(maskOptions, (typed) =>
    onChange({ kind: 'custom', amount: Number(typed.replace(/\D/g, '') || '0') * unit }),
  )
  const tooBig = tip.kind === 'custom' && tip.amount > maxTip(amount)
  const options = [
    { key: 'none', label: t('noTip'), draft: { kind: 'none' } as const, hint: null },
    ...tipPresets(restaurant.settings.tipPresetsPercent).map((percent) => ({
      key: `p${String(percent)}`,
      label: t('tipPercent', { percent }),
      draft: { kind: 'percent', percent } as const,
      hint: formatPrice(tipFor(amount, percent), restaurant),
    })),
  ]
  const selected = (key: string) =>
    key === 'none'
      ? tip.kind === 'none'
      : tip.kind === 'percent' && `p${String(tip.percent)}` === key
  return (
    <fieldset className="pay-fieldset">
      <legend className="pay-fieldset__legend">
        {waiterName ? t('tipLegend', { name: waiterName }) : t('tipLegendNobody')}
      </legend>
      <div className="bill-tips">
        {options.map((option) => (
          <label key={option.key} className="choice-card choice-card--tile bill-tip">
            <input
              type="radio"
              name={name}
              className="choice-card__input"
              checked={selected(option.key)}
              onChange={() => onChange(option.draft)}
            />
            <span className="choice-card__title">{option.label}</span>
            {option.hint ? <span className="choice-card__hint">{option.hint}</span> : null}
          </label>
        ))}
        <label className="choice-card choice-card--tile bill-tip">
          <input
            type="radio"
            name={name}
            className="choice-card__input"
            checked={tip.kind === 'custom'}
            onChange={() => onChange({ kind: 'custom', amount: 0 })}
          />
          <span className="choice-card__title">{t('customTip')}</span>
        </label>
      </div>
      {tip.kind === 'custom' ? (
        <div className="bill-pay__custom-tip">
          <label htmlFor={customId} className="bill-pay__custom-label">
            {t('customTipLabel', { currency: currencySymbol(locale, currency) })}
          </label>
          <input
            id={customId}
            ref={customMask}
            className="bill-pay__custom-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={tip.amount > 0 ? String(tip.amount / unit) : ''}
            aria-invalid={tooBig || undefined}
            aria-describedby={tooBig ? problemId : undefined}
          />
          {tooBig ? (
            <p id={problemId} className="bill-pay__problem">
              {t('tipTooBig', { amount: formatPrice(maxTip(amount), restaurant) })}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  )
}
