import { useEffect, useId, useRef, useState } from 'react'
import type { AdminStation } from '@tableside/contracts/kitchen'
import { buttonClass } from '../../../components/ui/button'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useDeleteStation, useUpdateStation } from '../api/stations'
import { adminKitchenMessages } from '../admin-kitchen-messages'
import { toggledCategories, type CategoryOption } from '../category-options'
import { problemText } from '../problem-text'

interface StationCardProps {
  station: AdminStation
  /** The other stations by id, to say where a category is cooked now. */
  names: ReadonlyMap<string, string>
  options: readonly CategoryOption[]
  first: boolean
  last: boolean
  busy: boolean
  onMove: (step: -1 | 1) => void
  /** The move just made with one of its buttons: that button keeps the focus in the new place. */
  focusMove: { step: -1 | 1 } | null
}

/** One station: its name, where it stands, and a tick for each category it cooks. */
export function StationCard(props: StationCardProps) {
  const { station, names, options, first, last, busy, onMove, focusMove } = props
  const { t, language } = useMessages(adminKitchenMessages)
  const update = useUpdateStation()
  const remove = useDeleteStation()
  const [renaming, setRenaming] = useState(false)
  const [name, setName] = useState(station.name)
  const headingId = useId()
  const up = useRef<HTMLButtonElement>(null)
  const down = useRef<HTMLButtonElement>(null)
  const renameButton = useRef<HTMLButtonElement>(null)
  const nameInput = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (renaming) nameInput.current?.select()
  }, [renaming])

  useEffect(() => {
    if (focusMove === null) return
    // At the top the up button is off: the focus goes to its neighbour.
    const wanted = focusMove.step === -1 ? (first ? down : up) : last ? up : down
    wanted.current?.focus()
  }, [focusMove, first, last])

  // The ticks as the manager left them, at once: the screen's saves run one at a time, so a tick
  // may wait for the change before it, and the list would not follow the finger meanwhile. Only
  // the latest tick's settling is heard (React Query's per-call callbacks), and it is the last.
  const [ticked, setTicked] = useState<string[] | null>(null)
  const categoryIds = ticked ?? station.categoryIds
  const chosen = new Set(categoryIds)
  const problem = update.isError
    ? problemText(update.error, t)
    : remove.isError
      ? problemText(remove.error, t)
      : ''
  const working = busy || update.isPending || remove.isPending

  const rename = () => {
    const trimmed = name.trim()
    if (!trimmed || trimmed === station.name) {
      setRenaming(false)
      return
    }
    update.mutate(
      { id: station.id, name: trimmed },
      {
        onSuccess: () => {
          setRenaming(false)
          requestAnimationFrame(() => renameButton.current?.focus())
        },
      },
    )
  }

  return (
    <li className="admin-panel admin-kitchen__station" aria-labelledby={headingId}>
      <div className="admin-kitchen__station-head">
        {renaming ? (
          <form
            className="admin-kitchen__rename"
            onSubmit={(event) => {
              event.preventDefault()
              rename()
            }}
          >
            <input
              className="admin-input"
              aria-label={t('renameStation', { station: station.name })}
              value={name}
              maxLength={60}
              ref={nameInput}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  setName(station.name)
                  setRenaming(false)
                }
              }}
            />
            <button
              type="submit"
              className={buttonClass('primary')}
              aria-disabled={working || undefined}
            >
              {t('save')}
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => {
                setName(station.name)
                setRenaming(false)
              }}
            >
              {t('cancel')}
            </button>
          </form>
        ) : (
          <h3 id={headingId} className="admin-kitchen__station-name">
            {station.name}
            {first && <span className="admin-kitchen__default"> · {t('defaultStation')}</span>}
          </h3>
        )}
        <div className="admin-kitchen__station-actions">
          <button
            ref={up}
            type="button"
            className={`${buttonClass('secondary')} admin-kitchen__move`}
            aria-label={t('moveUp', { station: station.name })}
            disabled={first}
            aria-disabled={working || undefined}
            onClick={() => {
              if (!working) onMove(-1)
            }}
          >
            ↑
          </button>
          <button
            ref={down}
            type="button"
            className={`${buttonClass('secondary')} admin-kitchen__move`}
            aria-label={t('moveDown', { station: station.name })}
            disabled={last}
            aria-disabled={working || undefined}
            onClick={() => {
              if (!working) onMove(1)
            }}
          >
            ↓
          </button>
          {renaming ? null : (
            <button
              ref={renameButton}
              type="button"
              className={buttonClass('secondary')}
              aria-label={t('renameButton', { station: station.name })}
              onClick={() => {
                setName(station.name)
                setRenaming(true)
              }}
            >
              {t('rename')}
            </button>
          )}
          <button
            type="button"
            className={`${buttonClass('secondary')} admin-kitchen__remove`}
            aria-label={t('removeStation', { station: station.name })}
            aria-disabled={working || undefined}
            onClick={() => {
              if (working || !window.confirm(t('confirmRemove', { station: station.name }))) return
              remove.mutate(station.id)
            }}
          >
            {t('remove')}
          </button>
        </div>
      </div>
      {options.length === 0 ? (
        <p className="admin-kitchen__text">{t('noCategories')}</p>
      ) : (
        <fieldset className="admin-kitchen__categories">
          <legend className="admin-kitchen__legend">
            {t('categories', { station: station.name })}
          </legend>
          {categoryIds.length === 0 ? (
            <p className="admin-kitchen__hint">{t('cooksNone')}</p>
          ) : null}
          <ul className="admin-kitchen__category-list">
            {options.map((option) => {
              const elsewhere =
                option.stationId !== null && option.stationId !== station.id
                  ? names.get(option.stationId)
                  : undefined
              return (
                <li
                  key={option.id}
                  className="admin-kitchen__category"
                  data-depth={Math.min(option.depth, 2)}
                >
                  <label className="admin-kitchen__check">
                    <input
                      type="checkbox"
                      checked={chosen.has(option.id)}
                      onChange={(event) => {
                        const next = toggledCategories(
                          options,
                          { ...station, categoryIds },
                          option.id,
                          event.target.checked,
                        )
                        setTicked(next)
                        update.mutate(
                          { id: station.id, categoryIds: next },
                          { onSettled: () => setTicked(null) },
                        )
                      }}
                    />
                    <span>
                      {localized(option.name, language)}
                      {option.menu && option.depth === 0 ? (
                        <span className="admin-kitchen__menu">
                          {' '}
                          · {localized(option.menu, language)}
                        </span>
                      ) : null}
                      {elsewhere ? (
                        <span className="admin-kitchen__elsewhere">
                          {' '}
                          ({t('atOther', { station: elsewhere })})
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      )}
      <p className="admin-kitchen__status" role="status">
        {problem}
      </p>
    </li>
  )
}
