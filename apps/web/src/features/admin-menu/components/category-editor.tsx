import { useState } from 'react'
import type { VatRate } from '@tableside/contracts/admin-profile'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { EditorActions, EditorForm, OtherProblems } from './editor-parts'
import { Field } from './form-field'
import { StationField } from './station-field'
import { VatRateField } from './vat-rate-field'

export interface CategoryForm {
  nameRu: string
  nameEn: string
  descriptionRu: string
  descriptionEn: string
  /** The kitchen station that cooks its dishes; empty when the restaurant has none. */
  stationId: string
  /** Its dishes' VAT rate on receipts; empty: the restaurant's (decision 0133). */
  vatRate: VatRate | ''
}

interface CategoryEditorProps {
  title: string
  initial: CategoryForm
  errors: ReadonlyMap<string, string>
  busy: boolean
  canDelete: boolean
  /** The kitchen's stations, the first the restaurant's default. */
  stations: readonly { id: string; name: string }[]
  t: Translate<AdminMenuMessageKey>
  onSubmit: (form: CategoryForm) => void
  onCancel: () => void
  onDelete: () => void
}

/** A category's name and description in both languages; deleting is for empty ones. */
export function CategoryEditor({
  title,
  initial,
  errors,
  busy,
  canDelete,
  stations,
  t,
  ...on
}: CategoryEditorProps) {
  const [form, setForm] = useState(initial)
  const input = (key: keyof CategoryForm, label: string, path: string) => (
    <Field label={label} error={errors.get(path) ?? errors.get(`category.${path}`)}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          value={form[key]}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            setForm({ ...form, [key]: event.target.value })
          }}
        />
      )}
    </Field>
  )
  const other = [...errors.entries()].filter(
    ([path]) => !/(^|\.)(name|description)\./.test(path) && !/(^|\.)vatRate$/.test(path),
  )
  return (
    <EditorForm titleId="category-editor-title" title={title} onSubmit={() => on.onSubmit(form)}>
      <OtherProblems problems={other} />
      <div className="admin-menu__grid">
        {input('nameRu', t('nameRu'), 'name.ru')}
        {input('nameEn', t('nameEn'), 'name.en')}
        {input('descriptionRu', t('descriptionRu'), 'description.ru')}
        {input('descriptionEn', t('descriptionEn'), 'description.en')}
        <VatRateField
          value={form.vatRate}
          unsetLabel={t('vatAsRestaurant')}
          hint={t('vatCategoryHint')}
          error={errors.get('vatRate') ?? errors.get('category.vatRate')}
          t={t}
          onChange={(vatRate) => {
            setForm({ ...form, vatRate })
          }}
        />
        {stations.length > 0 && (
          <StationField
            stations={stations}
            value={form.stationId}
            hint={t('stationHint', { name: stations[0]?.name ?? '' })}
            t={t}
            onChange={(stationId) => {
              setForm({ ...form, stationId })
            }}
          />
        )}
      </div>
      <EditorActions
        busy={busy}
        saveLabel={t('save')}
        cancelLabel={t('cancel')}
        deleteLabel={canDelete ? t('deleteCategory') : undefined}
        onCancel={on.onCancel}
        onDelete={on.onDelete}
      />
    </EditorForm>
  )
}

const localizedOf = (ru: string, en: string) => ({
  ru: ru.trim(),
  ...(en.trim() ? { en: en.trim() } : {}),
})

/** The category's fields as the API takes them. */
export function categoryFields(form: CategoryForm) {
  return {
    name: localizedOf(form.nameRu, form.nameEn),
    ...(form.descriptionRu.trim() || form.descriptionEn.trim()
      ? { description: localizedOf(form.descriptionRu, form.descriptionEn) }
      : {}),
    ...(form.vatRate ? { vatRate: form.vatRate } : {}),
  }
}
