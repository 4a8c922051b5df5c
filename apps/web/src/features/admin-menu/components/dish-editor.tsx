import { allergen, dietTag } from '@tableside/contracts/menu'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import type { MenuFile } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import type { DishForm } from '../dish-form'
import { useDishEditor } from '../hooks/use-dish-editor'
import { DishFlags, DishHighlightField } from './dish-fields'
import { EditorActions, EditorForm, EditorProblems } from './editor-parts'
import { CheckboxGroup, FieldSet, SelectField, TextField } from './form-field'
import { ModifierGroupsEditor } from './modifier-groups-editor'
import { NutritionFields } from './nutrition-fields'
import { PhotoField } from './photo-field'
import { StationField } from './station-field'
import { VatRateField } from './vat-rate-field'

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

/** Every field of a dish, Russian and English; the server's field errors under each field. */
export function DishEditor(props: DishEditorProps) {
  const { errors, busy, t, isNew, stations } = props
  const editor = useDishEditor(props)
  const { form, set, error } = editor
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

  return (
    <EditorForm
      titleId="dish-editor-title"
      title={isNew ? t('newDish') : t('editDish', { name: form.nameRu })}
      onSubmit={() => props.onSubmit(form, editor.stationId)}
    >
      <EditorProblems errors={errors} unplaced={editor.unplaced} t={t} />
      <div className="admin-menu__grid">
        {text('nameRu', t('nameRu'), 'name.ru')}
        {text('nameEn', t('nameEn'), 'name.en')}
        {text('descriptionRu', t('descriptionRu'), 'description.ru', { multiline: true })}
        {text('descriptionEn', t('descriptionEn'), 'description.en', { multiline: true })}
        {text('price', t('price'), 'price', { inputMode: 'decimal' })}
        <SelectField
          label={t('category')}
          error={error('categoryId')}
          value={form.categoryId}
          onChange={editor.chooseCategory}
        >
          {editor.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </SelectField>
        {stations.length > 0 && (
          <StationField
            stations={stations}
            value={editor.stationId}
            hint={t(editor.movesCategory ? 'dishStationMoves' : 'dishStationHint', {
              category: editor.categoryName,
            })}
            t={t}
            onChange={editor.setStationId}
          />
        )}
        {text('portionAmount', t('portion'), 'portion.amount', { inputMode: 'decimal' })}
        <SelectField
          label={t('portionUnit')}
          error={error('portion.unit')}
          value={form.portionUnit}
          onChange={(unit) => {
            if (unit === 'g' || unit === 'ml' || unit === 'pcs') set('portionUnit', unit)
          }}
        >
          <option value="g">{t('unitG')}</option>
          <option value="ml">{t('unitMl')}</option>
          <option value="pcs">{t('unitPcs')}</option>
        </SelectField>
        <VatRateField
          value={form.vatRate}
          unsetLabel={
            editor.categoryVat
              ? t('vatAsCategory', { rate: t(`vat_${editor.categoryVat}`) })
              : t('vatAsCategoryUnset')
          }
          hint={t('vatDishHint')}
          error={error('vatRate')}
          t={t}
          onChange={(rate) => {
            set('vatRate', rate)
          }}
        />
      </div>
      <NutritionFields form={form} errors={errors} t={t} onChange={set} />
      <FieldSet legend={t('photo')}>
        <PhotoField
          photo={form.photo}
          label={t('uploadPhoto')}
          error={error('photo.url')}
          t={t}
          upload={props.uploadPhoto}
          onUploaded={editor.setPhoto}
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
        error={editor.listError('allergens')}
        onChange={(chosen) => {
          set('allergens', chosen)
        }}
      />
      <CheckboxGroup
        legend={t('diet')}
        values={dietTag.options}
        chosen={form.diet}
        label={(value) => t(`diet_${value}`)}
        error={editor.listError('diet')}
        onChange={(chosen) => {
          set('diet', chosen)
        }}
      />
      <div className="admin-menu__grid">
        <DishHighlightField
          value={form.highlight}
          error={error('highlight')}
          t={t}
          onChange={(value) => {
            set('highlight', value)
          }}
        />
        <DishFlags form={form} t={t} onChange={set} />
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
