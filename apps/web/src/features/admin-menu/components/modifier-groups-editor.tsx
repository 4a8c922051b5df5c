import { buttonClass } from '../../../components/ui/button'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import type { GroupForm, OptionForm } from '../dish-form'
import { FieldSet, TextField } from './form-field'

type T = Translate<AdminMenuMessageKey>

/** Ids unique within the dish, as the import requires, whatever was added or removed before. */
const freshId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`

const newOption = (): OptionForm => ({
  id: freshId('option'),
  nameRu: '',
  nameEn: '',
  priceDelta: '0',
  preselected: false,
  available: true,
})

const newGroup = (): GroupForm => ({
  id: freshId('group'),
  nameRu: '',
  nameEn: '',
  minChoices: '0',
  maxChoices: '1',
  options: [newOption()],
})

/** With `item` at `index` replaced, or left out when it is null. */
function replaced<I>(list: readonly I[], index: number, item: I | null): I[] {
  const next = [...list]
  if (item) next[index] = item
  else next.splice(index, 1)
  return next
}

/** A dish's choice groups: their names, how many to choose, and their options. */
export function ModifierGroupsEditor({
  groups,
  errors,
  t,
  onChange,
}: {
  groups: readonly GroupForm[]
  errors: ReadonlyMap<string, string>
  t: T
  onChange: (groups: GroupForm[]) => void
}) {
  return (
    <FieldSet legend={t('modifierGroups')}>
      {groups.map((group, g) => (
        <ModifierGroupEditor
          key={group.id}
          group={group}
          index={g}
          errors={errors}
          t={t}
          onChange={(next) => {
            onChange(replaced(groups, g, next))
          }}
        />
      ))}
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => {
          onChange([...groups, newGroup()])
        }}
      >
        {t('addGroup')}
      </button>
    </FieldSet>
  )
}

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
  t: T
  onChange: (group: GroupForm | null) => void
}) {
  const at = `modifierGroups.${String(index)}`
  const name = group.nameRu || String(index + 1)
  const field = (
    key: 'nameRu' | 'nameEn' | 'minChoices' | 'maxChoices',
    label: string,
    path: string,
  ) => (
    <TextField
      label={label}
      value={group[key]}
      error={errors.get(`${at}.${path}`)}
      {...(key.endsWith('Choices') ? { inputMode: 'numeric' as const } : {})}
      onChange={(value) => {
        onChange({ ...group, [key]: value })
      }}
    />
  )
  const setOption = (o: number, option: OptionForm | null) => {
    onChange({ ...group, options: replaced(group.options, o, option) })
  }
  return (
    <FieldSet
      legend={t('groupLegend', { name })}
      error={errors.get(`${at}.options`)}
      className="admin-menu__group"
    >
      <div className="admin-menu__grid admin-menu__grid--four">
        {field('nameRu', t('groupNameRu'), 'name.ru')}
        {field('nameEn', t('groupNameEn'), 'name.en')}
        {field('minChoices', t('minChoices'), 'minChoices')}
        {field('maxChoices', t('maxChoices'), 'maxChoices')}
      </div>
      <ul className="admin-menu__options">
        {group.options.map((option, o) => {
          const optionAt = `${at}.options.${String(o)}`
          const text = (key: 'nameRu' | 'nameEn' | 'priceDelta', label: string, path: string) => (
            <TextField
              label={label}
              value={option[key]}
              error={errors.get(`${optionAt}.${path}`)}
              {...(key === 'priceDelta' ? { inputMode: 'decimal' as const } : {})}
              onChange={(value) => {
                setOption(o, { ...option, [key]: value })
              }}
            />
          )
          return (
            <li key={option.id} className="admin-menu__grid admin-menu__grid--option">
              {text('nameRu', t('optionNameRu'), 'name.ru')}
              {text('nameEn', t('optionNameEn'), 'name.en')}
              {text('priceDelta', t('priceDelta'), 'priceDelta')}
              <span className="admin-menu__option-tools">
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
              </span>
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
          {t('removeGroup', { name })}
        </button>
      </div>
    </FieldSet>
  )
}
