import { highlight } from '@tableside/contracts/menu'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import type { DishForm } from '../dish-form'
import { SelectField } from './form-field'

type T = Translate<AdminMenuMessageKey>

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
    <SelectField
      label={t('highlight')}
      error={error}
      value={value}
      onChange={(chosen) => {
        onChange(highlight.options.find((h) => h === chosen) ?? '')
      }}
    >
      <option value="">{t('highlightNone')}</option>
      {highlight.options.map((option) => (
        <option key={option} value={option}>
          {t(`highlight_${option}`)}
        </option>
      ))}
    </SelectField>
  )
}

const FLAGS = [
  ['ageRestricted', 'ageRestricted'],
  ['available', 'availableNow'],
] as const

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
      {FLAGS.map(([key, label]) => (
        <label key={key}>
          <input
            type="checkbox"
            checked={form[key]}
            onChange={(event) => {
              onChange(key, event.target.checked)
            }}
          />
          {t(label)}
        </label>
      ))}
    </div>
  )
}
