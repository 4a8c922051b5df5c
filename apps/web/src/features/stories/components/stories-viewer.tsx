import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent,
} from 'react'
import { preload } from 'react-dom'
import type { Story } from '@tableside/contracts/stories'
import { Icon } from '../../../components/ui/icon'
import { localized } from '../../../lib/i18n/localized-text'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import {
  classifyPress,
  nextStory,
  previousStory,
  segmentState,
  type StoryGesture,
} from '../story-gestures'
import { markStoryViewed } from '../viewed-stories'
import './stories-viewer.css'

const messages = defineMessages({
  en: {
    stories: 'Stories',
    position: 'Story {n} of {total}',
    close: 'Close stories',
    pause: 'Pause',
    play: 'Play',
    previous: 'Previous story',
    next: 'Next story',
    openDish: 'See the dish',
  },
  ru: {
    stories: 'Истории',
    position: 'История {n} из {total}',
    close: 'Закрыть истории',
    pause: 'Пауза',
    play: 'Продолжить',
    previous: 'Предыдущая история',
    next: 'Следующая история',
    openDish: 'Посмотреть блюдо',
  },
})

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}
const isPageVisible = () => document.visibilityState === 'visible'

interface StoriesViewerProps {
  restaurantId: string
  stories: readonly Story[]
  startIndex: number
  /** Called once the viewer is closed, with the story it was showing. */
  onClose: (index: number) => void
  onOpenDish: (dishId: string) => void
}

/**
 * Stories full screen: bars show where the diner is, each story moves on by itself; tap a
 * half or swipe to move, hold to pause, Escape or the cross to close.
 */
export default function StoriesViewer({
  restaurantId,
  stories,
  startIndex,
  onClose,
  onOpenDish,
}: StoriesViewerProps) {
  const { t, language } = useMessages(messages)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  const fillRef = useRef<HTMLSpanElement>(null)
  const elapsed = useRef(0)
  const press = useRef<{ x: number; y: number; at: number } | null>(null)
  const skipClick = useRef(false)
  const closed = useRef(false)
  const [index, setIndex] = useState(() => Math.min(startIndex, stories.length - 1))
  const [held, setHeld] = useState(false)
  const [paused, setPaused] = useState(false)
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null)
  const pageVisible = useSyncExternalStore(subscribeVisibility, isPageVisible)
  const story = stories[index]
  const following = stories[index + 1]
  if (following) preload(following.media.url, { as: 'image' })

  const finish = useCallback(
    (then?: () => void) => {
      if (closed.current) return
      closed.current = true
      dialogRef.current?.close()
      onClose(index)
      then?.()
    },
    [index, onClose],
  )

  const go = useCallback(
    (gesture: StoryGesture) => {
      if (gesture === 'hold') return
      const to =
        gesture === 'close'
          ? null
          : gesture === 'next'
            ? nextStory(index, stories.length)
            : previousStory(index)
      if (to === null) {
        finish()
        return
      }
      elapsed.current = 0
      setIndex(to)
    },
    [finish, index, stories.length],
  )

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || dialog.open) return
    dialog.showModal()
    closeRef.current?.focus()
  }, [])

  useEffect(() => {
    if (story) markStoryViewed(restaurantId, story.id)
  }, [restaurantId, story])

  // The bar fills with the time the story has been on screen, paused while the diner holds
  // it, while its picture is still loading, with the pause button, or in a background tab.
  const running =
    !held && !paused && pageVisible && story !== undefined && loadedUrl === story.media.url
  useEffect(() => {
    if (!story) return
    const fill = (progress: number) =>
      fillRef.current?.style.setProperty('--fill', String(progress))
    fill(elapsed.current / story.durationMs)
    if (!running) return
    let last = performance.now()
    let frame = requestAnimationFrame(function tick(now) {
      elapsed.current += now - last
      last = now
      const progress = Math.min(1, elapsed.current / story.durationMs)
      fill(progress)
      if (progress >= 1) go('next')
      else frame = requestAnimationFrame(tick)
    })
    return () => cancelAnimationFrame(frame)
  }, [running, story, go])

  if (!story) return null

  const isControl = (target: EventTarget) =>
    target instanceof Element && target.closest('[data-story-control]') !== null

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    skipClick.current = false
    if (isControl(event.target) || !event.isPrimary) return
    press.current = { x: event.clientX, y: event.clientY, at: event.timeStamp }
    setHeld(true)
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current
    press.current = null
    setHeld(false)
    if (!start) return
    const gesture = classifyPress({
      dx: event.clientX - start.x,
      dy: event.clientY - start.y,
      durationMs: event.timeStamp - start.at,
    })
    if (gesture === 'tap') return // the tap zone's own click moves on
    skipClick.current = true
    go(gesture)
  }
  const onPointerCancel = () => {
    press.current = null
    setHeld(false)
  }
  const onZone = (gesture: 'next' | 'previous') => () => {
    if (skipClick.current) {
      skipClick.current = false
      return
    }
    go(gesture)
  }

  const title = localized(story.title, language)
  const dishId = story.dishId
  return (
    <dialog
      ref={dialogRef}
      className="story-viewer"
      aria-label={t('stories')}
      onClose={() => finish()}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go('next')
        else if (event.key === 'ArrowLeft') go('previous')
      }}
    >
      <div
        className="story-viewer__frame"
        style={{ backgroundColor: story.media.color }}
        data-paused={!running || undefined}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onContextMenu={(event) => event.preventDefault()}
      >
        <img
          key={story.id}
          className="story-viewer__media"
          src={story.media.url}
          alt={localized(story.media.alt, language)}
          draggable={false}
          style={{ animationDuration: `${story.durationMs}ms` }}
          onLoad={() => setLoadedUrl(story.media.url)}
          onError={() => setLoadedUrl(story.media.url)}
        />
        <button
          type="button"
          className="story-viewer__zone story-viewer__zone--previous"
          aria-label={t('previous')}
          onClick={onZone('previous')}
        />
        <button
          type="button"
          className="story-viewer__zone story-viewer__zone--next"
          aria-label={t('next')}
          onClick={onZone('next')}
        />
        <div className="story-viewer__top">
          <ol className="story-viewer__bars" aria-hidden="true">
            {stories.map((item, segment) => {
              const state = segmentState(segment, index)
              return (
                <li key={item.id} className="story-viewer__bar" data-state={state}>
                  <span
                    className="story-viewer__fill"
                    ref={state === 'current' ? fillRef : undefined}
                  />
                </li>
              )
            })}
          </ol>
          <div className="story-viewer__head">
            <h2 className="story-viewer__title">{title}</h2>
            <p className="visually-hidden" aria-live="polite">
              {t('position', { n: index + 1, total: stories.length })}
            </p>
            <button
              type="button"
              className="story-viewer__icon-button"
              data-story-control
              aria-label={paused ? t('play') : t('pause')}
              onClick={() => setPaused((value) => !value)}
            >
              <Icon>
                {paused ? <path d="M8 5.5v13l10.5-6.5z" /> : <path d="M8.5 5.5v13M15.5 5.5v13" />}
              </Icon>
            </button>
            <button
              ref={closeRef}
              type="button"
              className="story-viewer__icon-button"
              data-story-control
              aria-label={t('close')}
              onClick={() => finish()}
            >
              <Icon>
                <path d="M6 6l12 12M18 6 6 18" />
              </Icon>
            </button>
          </div>
        </div>
        <div className="story-viewer__bottom">
          {story.caption ? (
            <p className="story-viewer__caption">{localized(story.caption, language)}</p>
          ) : null}
          {dishId ? (
            <button
              type="button"
              className="story-viewer__dish"
              data-story-control
              onClick={() => finish(() => onOpenDish(dishId))}
            >
              {t('openDish')}
            </button>
          ) : null}
        </div>
      </div>
    </dialog>
  )
}
