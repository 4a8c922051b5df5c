import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import type { DishForm } from '../dish-form'
import { FieldSet, TextField } from './form-field'

type NutritionKey = 'kcal' | 'protein' | 'fat' | 'carbs'
const KEYS: readonly NutritionKey[] = ['kcal', 'protein', 'fat', 'carbs']

/** A portion's energy and nutrients: all four, or none (the server says which is missing). */
export function NutritionFields({
  form,
  errors,
  t,
  onChange,
}: {
  form: Pick<DishForm, NutritionKey>
  errors: ReadonlyMap<string, string>
  t: Translate<AdminMenuMessageKey>
  onChange: (key: NutritionKey, value: string) => void
}) {
  return (
    <FieldSet legend={t('nutrition')}>
      <div className="admin-menu__grid admin-menu__grid--four">
        {KEYS.map((key) => (
          <TextField
            key={key}
            label={t(key)}
            value={form[key]}
            inputMode="decimal"
            error={errors.get(`nutrition.${key}`)}
            onChange={(value) => {
              onChange(key, value)
            }}
          />
        ))}
      </div>
    </FieldSet>
  )
}
