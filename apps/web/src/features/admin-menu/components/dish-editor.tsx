import { useState } from 'react'
import { VAT_RATES } from '@tableside/contracts/admin-profile'
import { allergen, dietTag, highlight } from '@tableside/contracts/menu'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import type { MenuFile } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { localized } from '../../../lib/i18n/localized-text'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import type { DishForm } from '../dish-form'
import { findCategory, treeRows } from '../menu-tree'
import { EditorActions, EditorForm, EditorProblems } from './editor-parts'
import { CheckboxGroup, Field, FieldSet, TextField } from './form-field'
import { ModifierGroupsEditor } from './modifier-groups-editor'
import { NutritionFields } from './nutrition-fields'
import { PhotoField } from './photo-field'

interface DishEditorProps {
  form: DishForm
  isNew: boolean
  file: MenuFile
  errors: ReadonlyMap<string, string>
  busy: boolean
  language: UiLanguage
  t: Translate<AdminMenuMessageKey>
  /** The kitchen's stations, the first the restaurant's default; none: no station field. */
  stations: readonly { id: string; name: string }[]
  /** The station that cooks a category's dishes now (its own, an ancestor's, the default). */
  stationOf: (categoryId: string) => string
  /** The form, and the station chosen for the dish's category. */
  onSubmit: (form: DishForm, stationId: string) => void
  onCancel: () => void
  onDelete: () => void
  uploadPhoto: (file: File) => Promise<UploadedPhoto>
}

type TextKey = {
  [K in keyof DishForm]: DishForm[K] extends string ? K : never
}[keyof DishForm]

/** Error paths the form shows beside a field; others are listed at the top. */
const SHOWN = [
  'name.',
  'description.',
  'price',
  'categoryId',
  'vatRate',
  'portion.',
  'nutrition.',
  'photo.url',
  'allergens',
  'diet',
  'highlight',
  'modifierGroups.',
]

/** Every field of a dish, Russian and English; the server's field errors under each field. */
export function DishEditor(props: DishEditorProps) {
  const { file, errors, busy, language, t, isNew, stations, stationOf } = props
  const [form, setForm] = useState(props.form)
  // A dish is cooked where its category is (decision 0118); choosing another category shows
  // that one's station, and choosing another station moves the whole category.
  const [stationId, setStationId] = useState(() => stationOf(props.form.categoryId))
  const set = <K extends keyof DishForm>(key: K, value: DishForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }))
  }
  const error = (path: string) => errors.get(path)
  const listError = (path: string) =>
    errors.get(path) ??
    [...errors.entries()].find(([at]) => at.startsWith(`${path}.`))?.[1] ??
    undefined
  const text = (
    key: TextKey,
    label: string,
    path: string,
    options: { multiline?: boolean; inputMode?: 'decimal' | 'numeric' } = {},
  ) => (
    <TextField
      label={label}
      value={form[key]}
      error={error(path)}
      {...options}
      onChange={(value) => {
        set(key, value)
      }}
    />
  )
  const categories = file.menus.flatMap((menu) =>
    treeRows(menu).map(({ category, depth }) => ({
      id: category.id,
      label: `${'· '.repeat(depth - 1)}${localized(category.name, language)} (${localized(menu.name, language)})`,
    })),
  )
  const categoryName = (() => {
    for (const menu of file.menus) {
      const row = treeRows(menu).find(({ category }) => category.id === form.categoryId)
      if (row) return localized(row.category.name, language)
    }
    return ''
  })()
  // What "as the category" means for this dish: its category's own rate (decision 0133).
  const categoryVat = findCategory(file, form.categoryId)?.category.vatRate
  const unplaced = [...errors.keys()].filter(
    (path) => !SHOWN.some((shown) => path.startsWith(shown)),
  )

  return (
    <EditorForm
      titleId="dish-editor-title"
      title={isNew ? t('newDish') : t('editDish', { name: form.nameRu })}
      onSubmit={() => props.onSubmit(form, stationId)}
    >
      <EditorProblems errors={errors} unplaced={unplaced} t={t} />
      <div className="admin-menu__grid">
        {text('nameRu', t('nameRu'), 'name.ru')}
        {text('nameEn', t('nameEn'), 'name.en')}
        {text('descriptionRu', t('descriptionRu'), 'description.ru', { multiline: true })}
        {text('descriptionEn', t('descriptionEn'), 'description.en', { multiline: true })}
        {text('price', t('price'), 'price', { inputMode: 'decimal' })}
        <Field label={t('category')} error={error('categoryId')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              value={form.categoryId}
              aria-describedby={describedBy}
              onChange={(event) => {
                set('categoryId', event.target.value)
                setStationId(stationOf(event.target.value))
              }}
            >
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {stations.length > 0 && (
          <Field
            label={t('station')}
            hint={
              stationId === stationOf(form.categoryId)
                ? t('dishStationHint', { category: categoryName })
                : t('dishStationMoves', { category: categoryName })
            }
          >
            {({ id, describedBy }) => (
              <select
                id={id}
                value={stationId}
                aria-describedby={describedBy}
                onChange={(event) => {
                  setStationId(event.target.value)
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
        )}
        {text('portionAmount', t('portion'), 'portion.amount', { inputMode: 'decimal' })}
        <Field label={t('portionUnit')} error={error('portion.unit')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              value={form.portionUnit}
              aria-describedby={describedBy}
              onChange={(event) => {
                const unit = event.target.value
                if (unit === 'g' || unit === 'ml' || unit === 'pcs') set('portionUnit', unit)
              }}
            >
              <option value="g">{t('unitG')}</option>
              <option value="ml">{t('unitMl')}</option>
              <option value="pcs">{t('unitPcs')}</option>
            </select>
          )}
        </Field>
        <Field label={t('vatRate')} hint={t('vatDishHint')} error={error('vatRate')}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              value={form.vatRate}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              onChange={(event) => {
                set('vatRate', VAT_RATES.find((rate) => rate === event.target.value) ?? '')
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
      </div>
      <NutritionFields form={form} errors={errors} t={t} onChange={set} />
      <FieldSet legend={t('photo')}>
        <PhotoField
          photo={form.photo}
          label={t('uploadPhoto')}
          error={error('photo.url')}
          t={t}
          upload={props.uploadPhoto}
          onUploaded={(uploaded, chosen) => {
            setForm((current) => ({
              ...current,
              photo: {
                url: uploaded.url,
                color: uploaded.color,
                alt: { ru: current.nameRu.trim() || chosen.name.replace(/\.\w+$/, '') || 'Фото' },
              },
            }))
          }}
          onRemove={() => {
            set('photo', null)
          }}
        />
      </FieldSet>
      <CheckboxGroup
        legend={t('allergens')}
        values={allergen.options}
        chosen={form.allergens}
        label={(value) => t(`allergen_${value}`)}
        error={listError('allergens')}
        onChange={(chosen) => {
          set('allergens', chosen)
        }}
      />
      <CheckboxGroup
        legend={t('diet')}
        values={dietTag.options}
        chosen={form.diet}
        label={(value) => t(`diet_${value}`)}
        error={listError('diet')}
        onChange={(chosen) => {
          set('diet', chosen)
        }}
      />
      <div className="admin-menu__grid">
        <Field label={t('highlight')} error={error('highlight')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              value={form.highlight}
              aria-describedby={describedBy}
              onChange={(event) => {
                const value = highlight.options.find((h) => h === event.target.value)
                set('highlight', value ?? '')
              }}
            >
              <option value="">{t('highlightNone')}</option>
              {highlight.options.map((value) => (
                <option key={value} value={value}>
                  {t(`highlight_${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="admin-menu__checks admin-menu__checks--column">
          <label>
            <input
              type="checkbox"
              checked={form.ageRestricted}
              onChange={(event) => {
                set('ageRestricted', event.target.checked)
              }}
            />
            {t('ageRestricted')}
          </label>
          <label>
            <input
              type="checkbox"
              checked={form.available}
              onChange={(event) => {
                set('available', event.target.checked)
              }}
            />
            {t('availableNow')}
          </label>
        </div>
      </div>
      <ModifierGroupsEditor
        groups={form.modifierGroups}
        errors={errors}
        t={t}
        onChange={(groups) => {
          set('modifierGroups', groups)
        }}
      />
      <EditorActions
        busy={busy}
        saveLabel={isNew ? t('addDishSubmit') : t('save')}
        cancelLabel={t('cancel')}
        deleteLabel={isNew ? undefined : t('deleteDish')}
        onCancel={props.onCancel}
        onDelete={props.onDelete}
      />
    </EditorForm>
  )
}
