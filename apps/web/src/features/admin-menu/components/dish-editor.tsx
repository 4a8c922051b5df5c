import { useState, type SyntheticEvent } from 'react'
import { allergen, dietTag, highlight } from '@tableside/contracts/menu'
import type { MenuFile } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { MenuPhoto } from '../../../components/ui/menu-photo'
import { localized } from '../../../lib/i18n/localized-text'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import type { DishForm, GroupForm } from '../dish-form'
import { treeRows } from '../menu-tree'
import { Field, FieldSet } from './form-field'

interface DishEditorProps {
  form: DishForm
  isNew: boolean
  file: MenuFile
  errors: ReadonlyMap<string, string>
  busy: boolean
  language: UiLanguage
  t: Translate<AdminMenuMessageKey>
  onSubmit: (form: DishForm) => void
  onCancel: () => void
  onDelete: () => void
  onPhoto: (file: File) => Promise<DishForm['photo']>
}

type TextKey = {
  [K in keyof DishForm]: DishForm[K] extends string ? K : never
}[keyof DishForm]

/** Every field of a dish, Russian and English; the server's field errors under each field. */
export function DishEditor(props: DishEditorProps) {
  const { file, errors, busy, language, t, isNew } = props
  const [form, setForm] = useState(props.form)
  const [photoError, setPhotoError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const set = <K extends keyof DishForm>(key: K, value: DishForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }))
  }
  const error = (path: string) => errors.get(path)
  const text = (
    key: TextKey,
    label: string,
    path: string,
    options: { multiline?: boolean; inputMode?: 'decimal' | 'numeric' } = {},
  ) => (
    <Field label={label} error={error(path)}>
      {({ id, describedBy, invalid }) =>
        options.multiline ? (
          <textarea
            id={id}
            rows={3}
            value={form[key]}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              set(key, event.target.value)
            }}
          />
        ) : (
          <input
            id={id}
            value={form[key]}
            inputMode={options.inputMode}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => {
              set(key, event.target.value)
            }}
          />
        )
      }
    </Field>
  )
  const toggle = <T extends string>(list: readonly T[], value: T) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value]
  const setGroup = (index: number, group: GroupForm | null) => {
    const groups = [...form.modifierGroups]
    if (group) groups[index] = group
    else groups.splice(index, 1)
    set('modifierGroups', groups)
  }
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    props.onSubmit(form)
  }
  const categories = file.menus.flatMap((menu) =>
    treeRows(menu).map(({ category, depth }) => ({
      id: category.id,
      label: `${'· '.repeat(depth - 1)}${localized(category.name, language)} (${localized(menu.name, language)})`,
    })),
  )
  const unplaced = [...errors.keys()].filter(
    (path) => !SHOWN.some((shown) => path.startsWith(shown)),
  )

  return (
    <form
      className="admin-menu__editor"
      onSubmit={submit}
      noValidate
      aria-labelledby="dish-editor-title"
    >
      <h2 id="dish-editor-title">{isNew ? t('newDish') : t('editDish', { name: form.nameRu })}</h2>
      {errors.size > 0 ? (
        <div className="admin-menu__problems" role="alert">
          <p>{t('fixFields', { count: errors.size })}</p>
          {unplaced.length > 0 ? (
            <ul>
              {unplaced.map((path) => (
                <li key={path}>
                  {path}: {errors.get(path)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
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
        {text('portionAmount', t('portion'), 'portion.amount', { inputMode: 'decimal' })}
        <Field label={t('portionUnit')} error={error('portion.unit')}>
          {({ id }) => (
            <select
              id={id}
              value={form.portionUnit}
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
      </div>
      <FieldSet legend={t('nutrition')}>
        <div className="admin-menu__grid admin-menu__grid--four">
          {text('kcal', t('kcal'), 'nutrition.kcal', { inputMode: 'decimal' })}
          {text('protein', t('protein'), 'nutrition.protein', { inputMode: 'decimal' })}
          {text('fat', t('fat'), 'nutrition.fat', { inputMode: 'decimal' })}
          {text('carbs', t('carbs'), 'nutrition.carbs', { inputMode: 'decimal' })}
        </div>
      </FieldSet>
      <FieldSet legend={t('photo')}>
        <div className="admin-menu__photo">
          <span
            className="admin-menu__photo-preview"
            style={{ backgroundColor: form.photo?.color }}
          >
            {form.photo ? (
              <MenuPhoto src={form.photo.url} sizes="160px" alt="" width={160} height={120} />
            ) : null}
          </span>
          <div>
            <Field
              label={t('uploadPhoto')}
              error={photoError ?? error('photo.url')}
              hint={t('photoHint')}
            >
              {({ id, describedBy }) => (
                <input
                  id={id}
                  type="file"
                  accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                  aria-describedby={describedBy}
                  disabled={uploading}
                  onChange={(event) => {
                    const chosen = event.target.files?.[0]
                    if (!chosen) return
                    setUploading(true)
                    setPhotoError(null)
                    props
                      .onPhoto(chosen)
                      .then((photo) => {
                        set('photo', photo)
                      })
                      .catch((failure: unknown) => {
                        setPhotoError(failure instanceof Error ? failure.message : t('photoFailed'))
                      })
                      .finally(() => {
                        setUploading(false)
                      })
                  }}
                />
              )}
            </Field>
            {uploading ? <p role="status">{t('uploading')}</p> : null}
            {form.photo ? (
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => {
                  set('photo', null)
                }}
              >
                {t('removePhoto')}
              </button>
            ) : null}
          </div>
        </div>
      </FieldSet>
      <FieldSet legend={t('allergens')}>
        <div className="admin-menu__checks">
          {allergen.options.map((value) => (
            <label key={value}>
              <input
                type="checkbox"
                checked={form.allergens.includes(value)}
                onChange={() => {
                  set('allergens', toggle(form.allergens, value))
                }}
              />
              {t(`allergen_${value}`)}
            </label>
          ))}
        </div>
      </FieldSet>
      <FieldSet legend={t('diet')}>
        <div className="admin-menu__checks">
          {dietTag.options.map((value) => (
            <label key={value}>
              <input
                type="checkbox"
                checked={form.diet.includes(value)}
                onChange={() => {
                  set('diet', toggle(form.diet, value))
                }}
              />
              {t(`diet_${value}`)}
            </label>
          ))}
        </div>
      </FieldSet>
      <div className="admin-menu__grid">
        <Field label={t('highlight')} error={error('highlight')}>
          {({ id }) => (
            <select
              id={id}
              value={form.highlight}
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
      <FieldSet legend={t('modifierGroups')}>
        {form.modifierGroups.map((group, g) => (
          <ModifierGroupEditor
            key={g}
            group={group}
            index={g}
            errors={errors}
            t={t}
            onChange={(next) => {
              setGroup(g, next)
            }}
          />
        ))}
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            set('modifierGroups', [
              ...form.modifierGroups,
              {
                id: freshId('group'),
                nameRu: '',
                nameEn: '',
                minChoices: '0',
                maxChoices: '1',
                options: [newOption()],
              },
            ])
          }}
        >
          {t('addGroup')}
        </button>
      </FieldSet>
      <div className="admin-menu__actions">
        <button type="submit" className={buttonClass()} disabled={busy}>
          {isNew ? t('addDishSubmit') : t('save')}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={props.onCancel}>
          {t('cancel')}
        </button>
        {isNew ? null : (
          <button type="button" className="admin-menu__danger" onClick={props.onDelete}>
            {t('deleteDish')}
          </button>
        )}
      </div>
    </form>
  )
}

/** Error paths the form shows beside a field; others are listed at the top. */
const SHOWN = [
  'name.',
  'description.',
  'price',
  'categoryId',
  'portion.',
  'nutrition.',
  'photo.url',
  'highlight',
  'modifierGroups.',
]

/** Ids unique within the dish, as the import requires, whatever was added or removed before. */
const freshId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`

const newOption = () => ({
  id: freshId('option'),
  nameRu: '',
  nameEn: '',
  priceDelta: '0',
  preselected: false,
  available: true,
})

function ModifierGroupEditor({
  group,
  index,
  errors,
  t,
  onChange,
}: {
  group: GroupForm
  index: number
  errors: ReadonlyMap<string, string>
  t: Translate<AdminMenuMessageKey>
  onChange: (group: GroupForm | null) => void
}) {
  const at = `modifierGroups.${String(index)}`
  const field = (
    key: 'nameRu' | 'nameEn' | 'minChoices' | 'maxChoices',
    label: string,
    path: string,
  ) => (
    <Field label={label} error={errors.get(`${at}.${path}`)}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          value={group[key]}
          inputMode={key.endsWith('Choices') ? 'numeric' : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(event) => {
            onChange({ ...group, [key]: event.target.value })
          }}
        />
      )}
    </Field>
  )
  const setOption = (o: number, option: GroupForm['options'][number] | null) => {
    const options = [...group.options]
    if (option) options[o] = option
    else options.splice(o, 1)
    onChange({ ...group, options })
  }
  return (
    <div className="admin-menu__group">
      <div className="admin-menu__grid admin-menu__grid--four">
        {field('nameRu', t('groupNameRu'), 'name.ru')}
        {field('nameEn', t('groupNameEn'), 'name.en')}
        {field('minChoices', t('minChoices'), 'minChoices')}
        {field('maxChoices', t('maxChoices'), 'maxChoices')}
      </div>
      {errors.get(`${at}.options`) ? (
        <p className="admin-field__error">{errors.get(`${at}.options`)}</p>
      ) : null}
      <ul className="admin-menu__options">
        {group.options.map((option, o) => {
          const optionAt = `${at}.options.${String(o)}`
          return (
            <li key={o} className="admin-menu__grid admin-menu__grid--option">
              <Field label={t('optionNameRu')} error={errors.get(`${optionAt}.name.ru`)}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    value={option.nameRu}
                    aria-describedby={describedBy}
                    onChange={(event) => {
                      setOption(o, { ...option, nameRu: event.target.value })
                    }}
                  />
                )}
              </Field>
              <Field label={t('optionNameEn')} error={errors.get(`${optionAt}.name.en`)}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    value={option.nameEn}
                    aria-describedby={describedBy}
                    onChange={(event) => {
                      setOption(o, { ...option, nameEn: event.target.value })
                    }}
                  />
                )}
              </Field>
              <Field label={t('priceDelta')} error={errors.get(`${optionAt}.priceDelta`)}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    value={option.priceDelta}
                    inputMode="decimal"
                    aria-describedby={describedBy}
                    onChange={(event) => {
                      setOption(o, { ...option, priceDelta: event.target.value })
                    }}
                  />
                )}
              </Field>
              <label className="admin-menu__inline-check">
                <input
                  type="checkbox"
                  checked={option.preselected}
                  onChange={(event) => {
                    setOption(o, { ...option, preselected: event.target.checked })
                  }}
                />
                {t('preselected')}
              </label>
              <button
                type="button"
                className="admin-menu__icon-button"
                aria-label={t('removeOption', { name: option.nameRu || String(o + 1) })}
                disabled={group.options.length === 1}
                onClick={() => {
                  setOption(o, null)
                }}
              >
                ×
              </button>
            </li>
          )
        })}
      </ul>
      <div className="admin-menu__actions">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            onChange({ ...group, options: [...group.options, newOption()] })
          }}
        >
          {t('addOption')}
        </button>
        <button
          type="button"
          className="admin-menu__danger"
          onClick={() => {
            onChange(null)
          }}
        >
          {t('removeGroup')}
        </button>
      </div>
    </div>
  )
}
