import { lazy, Suspense, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApiClient } from '../../../lib/app-context'
import { localized } from '../../../lib/i18n/localized-text'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import { storiesQueryOptions } from '../api/get-stories'
import { readViewed } from '../viewed-stories'
import { StoriesRowPlaceholder } from './stories-row-placeholder'
import './stories-row.css'

const loadViewer = () => import('./stories-viewer')
const StoriesViewer = lazy(loadViewer)

const messages = defineMessages({
  en: { stories: 'Stories', viewed: 'viewed' },
  ru: { stories: 'Истории', viewed: 'просмотрено' },
})

/** The restaurant's stories as circles above the menu; a tap opens the full-screen viewer. */
export function StoriesRow({
  restaurantId,
  onOpenDish,
}: {
  restaurantId: string
  onOpenDish: (dishId: string) => void
}) {
  const api = useApiClient()
  const { data: stories, isPending } = useQuery(storiesQueryOptions(api, restaurantId))
  const { t, language } = useMessages(messages)
  const [openAt, setOpenAt] = useState<number | null>(null)
  // Read on every render: closing the viewer (which marks stories as seen) renders the row.
  const viewed = readViewed(restaurantId)
  const list = useRef<HTMLUListElement>(null)

  if (isPending) return <StoriesRowPlaceholder />
  if (!stories || stories.length === 0) return null

  const closeViewer = (lastIndex: number) => {
    setOpenAt(null)
    list.current?.querySelectorAll('button')[lastIndex]?.focus()
  }
  const opening = openAt === null ? undefined : stories[openAt]

  return (
    <section className="stories-row" aria-label={t('stories')}>
      <ul ref={list} className="stories-row__list">
        {stories.map((story, index) => {
          const seen = viewed.includes(story.id)
          return (
            <li key={story.id}>
              <button
                type="button"
                className="story-circle"
                data-viewed={seen || undefined}
                onPointerDown={() => void loadViewer()}
                onClick={() => setOpenAt(index)}
              >
                <span className="story-circle__ring">
                  <img
                    className="story-circle__picture"
                    src={story.media.url}
                    alt=""
                    width={64}
                    height={64}
                    decoding="async"
                    style={{ backgroundColor: story.media.color }}
                  />
                </span>
                <span className="story-circle__title">
                  {localized(story.title, language)}
                  {seen ? <span className="visually-hidden">, {t('viewed')}</span> : null}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      {openAt !== null && opening ? (
        <Suspense
          fallback={
            <div
              className="stories-row__opening"
              style={{ backgroundColor: opening.media.color }}
            />
          }
        >
          <StoriesViewer
            restaurantId={restaurantId}
            stories={stories}
            startIndex={openAt}
            onClose={closeViewer}
            onOpenDish={onOpenDish}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
