import { useState } from 'react'
import type { MenuFile, StoryFile } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { localized } from '../../../lib/i18n/localized-text'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { Field } from './form-field'

interface StoriesEditorProps {
  file: MenuFile
  errors: ReadonlyMap<string, string>
  busy: boolean
  language: UiLanguage
  t: Translate<AdminMenuMessageKey>
  onSave: (stories: StoryFile[]) => void
}

/** `2026-06-01T10:00:00.000Z` ↔ the local `2026-06-01T13:00` a datetime-local input shows. */
const toLocal = (iso: string | undefined) => {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : undefined)

/** The stories above the menu: title, the dish they show, and the period they run in. */
export function StoriesEditor({ file, errors, busy, language, t, onSave }: StoriesEditorProps) {
  const [stories, setStories] = useState(file.stories)
  const dishes = file.menus.flatMap((menu) =>
    menu.categories.flatMap(function all(category): { id: string; name: string }[] {
      return [
        ...category.dishes.map((d) => ({ id: d.id, name: localized(d.name, language) })),
        ...category.categories.flatMap(all),
      ]
    }),
  )
  const change = (index: number, story: StoryFile) => {
    setStories(stories.map((s, i) => (i === index ? story : s)))
  }
  return (
    <section className="admin-menu__stories" aria-labelledby="stories-title">
      <h2 id="stories-title">{t('stories')}</h2>
      <ul>
        {stories.map((story, i) => {
          const at = `stories.${String(i)}`
          return (
            <li key={story.id} className="admin-menu__story">
              <Field label={t('storyTitle')} error={errors.get(`${at}.title.ru`)}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    value={story.title.ru}
                    aria-describedby={describedBy}
                    onChange={(event) => {
                      change(i, { ...story, title: { ...story.title, ru: event.target.value } })
                    }}
                  />
                )}
              </Field>
              <Field label={t('storyDish')} error={errors.get(`${at}.dishId`)}>
                {({ id, describedBy }) => (
                  <select
                    id={id}
                    value={story.dishId ?? ''}
                    aria-describedby={describedBy}
                    onChange={(event) => {
                      change(i, { ...story, dishId: event.target.value || undefined })
                    }}
                  >
                    <option value="">{t('storyNoDish')}</option>
                    {dishes.map((d) => (
                      <option key={d.id} value={d.id}>
                        {d.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={t('storyStarts')} error={errors.get(`${at}.startsAt`)}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    type="datetime-local"
                    value={toLocal(story.startsAt)}
                    aria-describedby={describedBy}
                    onChange={(event) => {
                      change(i, { ...story, startsAt: fromLocal(event.target.value) })
                    }}
                  />
                )}
              </Field>
              <Field label={t('storyEnds')} error={errors.get(`${at}.endsAt`)}>
                {({ id, describedBy }) => (
                  <input
                    id={id}
                    type="datetime-local"
                    value={toLocal(story.endsAt)}
                    aria-describedby={describedBy}
                    onChange={(event) => {
                      change(i, { ...story, endsAt: fromLocal(event.target.value) })
                    }}
                  />
                )}
              </Field>
              <button
                type="button"
                className="admin-menu__danger"
                onClick={() => {
                  setStories(stories.filter((_, j) => j !== i))
                }}
              >
                {t('removeStory')}
              </button>
            </li>
          )
        })}
      </ul>
      <button
        type="button"
        className={buttonClass()}
        disabled={busy}
        onClick={() => {
          onSave(stories)
        }}
      >
        {t('saveStories')}
      </button>
    </section>
  )
}
