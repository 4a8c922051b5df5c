import { useState } from 'react'
import type { UploadedPhoto } from '@tableside/contracts/menu-admin'
import { STORY_DURATION_MS, type MenuFile, type StoryFile } from '@tableside/contracts/menu-file'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { localized } from '../../../lib/i18n/localized-text'
import { instantAtRestaurant, restaurantWallClock } from '../../../lib/restaurant-clock-input'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'
import { idFromName } from '../menu-tree'
import { EditorProblems, useFocusOnOpen } from './editor-parts'
import { Field, FieldSet, TextField } from './form-field'
import { PhotoField } from './photo-field'

interface StoriesEditorProps {
  file: MenuFile
  errors: ReadonlyMap<string, string>
  busy: boolean
  language: UiLanguage
  /** The restaurant's: a period's start and end are picked on its clock, wherever the manager is. */
  timeZone: string
  t: Translate<AdminMenuMessageKey>
  uploadPhoto: (file: File) => Promise<UploadedPhoto>
  onSave: (stories: StoryFile[]) => void
}

/** A story to fill in: its picture comes from an upload (or an address). */
const newStory = (taken: readonly StoryFile[]): StoryFile => ({
  id: idFromName(`story-${String(taken.length + 1)}`, new Set(taken.map((s) => s.id))),
  title: { ru: '' },
  media: { url: '', alt: { ru: '' }, color: '#808080' },
  durationMs: STORY_DURATION_MS.default,
})

/**
 * The picture's description follows the title while nobody wrote one of its own: a screen
 * reader says what the story shows.
 */
const withAlt = (story: StoryFile): StoryFile =>
  story.media.alt.ru.trim() ? story : { ...story, media: { ...story.media, alt: story.title } }

/** The stories above the menu: title, picture, the dish they show, and the period they run in. */
export function StoriesEditor({
  file,
  errors,
  busy,
  language,
  timeZone,
  t,
  uploadPhoto,
  onSave,
}: StoriesEditorProps) {
  const [stories, setStories] = useState(file.stories)
  const heading = useFocusOnOpen()
  const dishes = file.menus.flatMap((menu) =>
    menu.categories.flatMap(function all(category): { id: string; name: string }[] {
      return [
        ...category.dishes.map((d) => ({ id: d.id, name: localized(d.name, language) })),
        ...category.categories.flatMap(all),
      ]
    }),
  )
  const unplaced = [...errors.keys()].filter(
    (path) => !/^stories\.\d+\.(title\.ru|dishId|startsAt|endsAt|media\.url|media)$/.test(path),
  )
  const change = (index: number, story: StoryFile) => {
    setStories((current) => current.map((s, i) => (i === index ? story : s)))
  }
  return (
    <section className="admin-menu__stories" aria-labelledby="stories-title">
      <h2 id="stories-title" ref={heading} tabIndex={-1}>
        {t('stories')}
      </h2>
      <EditorProblems errors={errors} unplaced={unplaced} t={t} />
      {stories.length === 0 ? <p className="admin-menu__empty">{t('noStories')}</p> : null}
      <ul>
        {stories.map((story, i) => {
          const at = `stories.${String(i)}`
          const title = story.title.ru.trim() || String(i + 1)
          return (
            <li key={story.id}>
              <FieldSet legend={t('storyLegend', { title })} className="admin-menu__story">
                <div className="admin-menu__story-fields">
                  <TextField
                    label={t('storyTitle')}
                    value={story.title.ru}
                    error={errors.get(`${at}.title.ru`)}
                    onChange={(value) => {
                      change(i, { ...story, title: { ...story.title, ru: value } })
                    }}
                  />
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
                  <TextField
                    label={t('storyStarts')}
                    type="datetime-local"
                    value={story.startsAt ? restaurantWallClock(story.startsAt, timeZone) : ''}
                    error={errors.get(`${at}.startsAt`)}
                    onChange={(value) => {
                      change(i, { ...story, startsAt: instantAtRestaurant(value, timeZone) })
                    }}
                  />
                  <TextField
                    label={t('storyEnds')}
                    type="datetime-local"
                    value={story.endsAt ? restaurantWallClock(story.endsAt, timeZone) : ''}
                    error={errors.get(`${at}.endsAt`)}
                    onChange={(value) => {
                      change(i, { ...story, endsAt: instantAtRestaurant(value, timeZone) })
                    }}
                  />
                </div>
                <PhotoField
                  photo={story.media}
                  label={t('uploadPicture')}
                  t={t}
                  upload={uploadPhoto}
                  onUploaded={(uploaded) => {
                    setStories((current) =>
                      current.map((s) =>
                        s.id === story.id
                          ? {
                              ...s,
                              media: { ...s.media, url: uploaded.url, color: uploaded.color },
                            }
                          : s,
                      ),
                    )
                  }}
                >
                  <TextField
                    label={t('pictureUrl')}
                    hint={t('pictureUrlHint')}
                    value={story.media.url}
                    error={errors.get(`${at}.media.url`) ?? errors.get(`${at}.media`)}
                    onChange={(value) => {
                      change(i, { ...story, media: { ...story.media, url: value.trim() } })
                    }}
                  />
                </PhotoField>
                <button
                  type="button"
                  className="admin-menu__danger admin-menu__story-remove"
                  onClick={() => {
                    setStories((current) => current.filter((s) => s.id !== story.id))
                  }}
                >
                  {t('removeStory', { title })}
                </button>
              </FieldSet>
            </li>
          )
        })}
      </ul>
      <div className="admin-menu__actions">
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            setStories((current) => [...current, newStory(current)])
          }}
        >
          {t('addStory')}
        </button>
        <button
          type="button"
          className={buttonClass()}
          disabled={busy}
          onClick={() => {
            onSave(stories.map(withAlt))
          }}
        >
          {t('saveStories')}
        </button>
      </div>
    </section>
  )
}
