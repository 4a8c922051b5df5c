import { VAT_RATES, type VatRate } from '@tableside/contracts/admin-profile'
import { highlight } from '@tableside/contracts/menu'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import type { DishForm } from '../dish-form'
import { Field } from './form-field'

type T = Translate<AdminMenuMessageKey>

/** The kitchen station that cooks the dish, which is its category's (decision 0118). */
export function DishStationField({
  stations,
  stationId,
  hint,
  t,
  onChange,
}: {
  stations: readonly { id: string; name: string }[]
  stationId: string
  hint: string
  t: T
  onChange: (stationId: string) => void
}) {
  return (
    <Field label={t('station')} hint={hint}>
      {({ id, describedBy }) => (
        <select
          id={id}
          value={stationId}
          aria-describedby={describedBy}
          onChange={(event) => {
            onChange(event.target.value)
          }}
        >
          {stations.map((station) => (
            <option key={station.id} value={station.id}>
              {station.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** The dish's VAT rate, or none: then its category's, named in the first option. */
export function DishVatField({
  value,
  categoryVat,
  error,
  t,
  onChange,
}: {
  value: DishForm['vatRate']
  categoryVat: VatRate | null | undefined
  error: string | undefined
  t: T
  onChange: (value: DishForm['vatRate']) => void
}) {
  return (
    <Field label={t('vatRate')} hint={t('vatDishHint')} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            onChange(VAT_RATES.find((rate) => rate === event.target.value) ?? '')
          }}
        >
          <option value="">
            {categoryVat
              ? t('vatAsCategory', { rate: t(`vat_${categoryVat}`) })
              : t('vatAsCategoryUnset')}
          </option>
          {VAT_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {t(`vat_${rate}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** The menu's badge on the dish, if any. */
export function DishHighlightField({
  value,
  error,
  t,
  onChange,
}: {
  value: DishForm['highlight']
  error: string | undefined
  t: T
  onChange: (value: DishForm['highlight']) => void
}) {
  return (
    <Field label={t('highlight')} error={error}>
      {({ id, describedBy }) => (
        <select
          id={id}
          value={value}
          aria-describedby={describedBy}
          onChange={(event) => {
            const chosen = highlight.options.find((h) => h === event.target.value)
            onChange(chosen ?? '')
          }}
        >
          <option value="">{t('highlightNone')}</option>
          {highlight.options.map((option) => (
            <option key={option} value={option}>
              {t(`highlight_${option}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** Adults only, and whether it can be ordered now (the stop-list). */
export function DishFlags({
  form,
  t,
  onChange,
}: {
  form: Pick<DishForm, 'ageRestricted' | 'available'>
  t: T
  onChange: (key: 'ageRestricted' | 'available', value: boolean) => void
}) {
  return (
    <div className="admin-menu__checks admin-menu__checks--column">
      <label>
        <input
          type="checkbox"
          checked={form.ageRestricted}
          onChange={(event) => {
            onChange('ageRestricted', event.target.checked)
          }}
        />
        {t('ageRestricted')}
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.available}
          onChange={(event) => {
            onChange('available', event.target.checked)
          }}
        />
        {t('availableNow')}
      </label>
    </div>
  )
}
