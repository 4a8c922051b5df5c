import { useState } from 'react'
import type { MenuFileMenu } from '@tableside/contracts/menu-file'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { EditorActions, EditorForm, OtherProblems } from './editor-parts'
import { TextField } from './form-field'

export interface MenuForm {
  nameRu: string
  nameEn: string
  servedFrom: string
  servedUntil: string
}

export const menuFormOf = (menu: MenuFileMenu | undefined): MenuForm => ({
  nameRu: menu?.name.ru ?? '',
  nameEn: menu?.name.en ?? '',
  servedFrom: menu?.servedFrom ?? '',
  servedUntil: menu?.servedUntil ?? '',
})

/** The menu's fields as the API takes them; its description is kept as it was. */
export function menuFields(form: MenuForm, menu: MenuFileMenu | undefined) {
  return {
    name: { ru: form.nameRu.trim(), ...(form.nameEn.trim() ? { en: form.nameEn.trim() } : {}) },
    ...(menu?.description ? { description: menu.description } : {}),
    ...(form.servedFrom ? { servedFrom: form.servedFrom } : {}),
    ...(form.servedUntil ? { servedUntil: form.servedUntil } : {}),
  }
}

interface MenuEditorProps {
  title: string
  initial: MenuForm
  isNew: boolean
  errors: ReadonlyMap<string, string>
  busy: boolean
  t: Translate<AdminMenuMessageKey>
  onSubmit: (form: MenuForm) => void
  onCancel: () => void
  onDelete: () => void
}

/** A menu's name and the hours it is served (both or neither); deleting takes what is in it. */
export function MenuEditor({ title, initial, isNew, errors, busy, t, ...on }: MenuEditorProps) {
  const [form, setForm] = useState(initial)
  const input = (
    key: keyof MenuForm,
    label: string,
    path: string,
    type: 'text' | 'time' = 'text',
  ) => (
    <TextField
      label={label}
      type={type}
      value={form[key]}
      error={errors.get(path)}
      onChange={(value) => {
        setForm((current) => ({ ...current, [key]: value }))
      }}
    />
  )
  const shown = /^(name\.(ru|en)|servedFrom|servedUntil)$/
  const other = [...errors.entries()].filter(([path]) => !shown.test(path))
  return (
    <EditorForm titleId="menu-editor-title" title={title} onSubmit={() => on.onSubmit(form)}>
      <OtherProblems problems={other} />
      <div className="admin-menu__grid">
        {input('nameRu', t('nameRu'), 'name.ru')}
        {input('nameEn', t('nameEn'), 'name.en')}
      </div>
      <div className="admin-menu__grid">
        {input('servedFrom', t('servedFrom'), 'servedFrom', 'time')}
        {input('servedUntil', t('servedUntil'), 'servedUntil', 'time')}
      </div>
      <p className="admin-field__hint">{t('servedHint')}</p>
      <EditorActions
        busy={busy}
        saveLabel={t('save')}
        cancelLabel={t('cancel')}
        deleteLabel={isNew ? undefined : t('deleteMenu')}
        onCancel={on.onCancel}
        onDelete={on.onDelete}
      />
    </EditorForm>
  )
}
