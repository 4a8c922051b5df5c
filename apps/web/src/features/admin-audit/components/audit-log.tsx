import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  AUDIT_ENTITIES,
  AUDIT_EXPORT_MAX,
  AUDIT_SERVER_ACTOR,
  type AuditEntry,
  type AuditFilter,
} from '@tableside/contracts/audit'
import { auditText, type AuditFormat } from '@tableside/contracts/audit-sentence'
import { auditWords, kindWord } from '@tableside/contracts/audit-words'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { formatNumber, formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { calendarDate, dateLocale, restaurantTime } from '../../../lib/restaurant-time'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { useAuditActors, useAuditCsvDownload, useAuditLog } from '../api/audit'
import { auditMessages } from '../audit-messages'

type Shown = Pick<Restaurant, 'locale' | 'currency' | 'timezone'>

const DAY = /^\d{4}-\d{2}-\d{2}$/
const FILTERS = ['actor', 'entity', 'from', 'to'] as const

/** The filter the address holds: what a manager chose, kept across a reload and a shared link. */
function filterOf(params: URLSearchParams): AuditFilter {
  const value = (name: (typeof FILTERS)[number]) => params.get(name) ?? ''
  const day = (name: 'from' | 'to') => (DAY.test(value(name)) ? value(name) : '')
  return {
    ...(value('actor') ? { actor: value('actor') } : {}),
    ...(value('entity') ? { entity: value('entity') } : {}),
    ...(day('from') ? { from: day('from') } : {}),
    ...(day('to') ? { to: day('to') } : {}),
  }
}

const pretty = (json: string | null) => {
  if (json === null) return null
  try {
    return JSON.stringify(JSON.parse(json), null, 2)
  } catch {
    return json
  }
}

/**
 * The back office's audit log (issue 30, decision 0116): each change as a sentence in the
 * screen's language, with what changed before → after; by who, what and when; as CSV. Ids,
 * hashes and the rows as recorded wait behind each entry's "Details".
 */
export function AuditLog({ restaurant }: { restaurant: Shown }) {
  const { t, language } = useMessages(auditMessages)
  const reason = useStaffErrorText()
  const [params, setParams] = useSearchParams()
  const filter = filterOf(params)
  const backwards = Boolean(filter.from && filter.to && filter.from > filter.to)
  const log = useAuditLog(backwards ? { ...filter, to: undefined } : filter)
  const actors = useAuditActors()
  const download = useAuditCsvDownload()
  const words = auditWords[language]
  const locale = dateLocale(language)
  const format = useMemo<AuditFormat>(
    () => ({
      language,
      money: (minor) => formatPrice(minor, restaurant),
      number: (value) => formatNumber(value, locale),
      day: (date) => calendarDate(date, locale, { day: 'numeric', month: 'long', year: 'numeric' }),
    }),
    [language, locale, restaurant],
  )
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []
  const filtered = FILTERS.some((name) => params.has(name))

  const choose = (name: (typeof FILTERS)[number], value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    setParams(next, { replace: true })
  }

  return (
    <div className="audit">
      <form
        className="audit__filters"
        aria-label={t('filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="audit__field">
          <span>{t('who')}</span>
          <select
            value={filter.actor ?? ''}
            onChange={(event) => choose('actor', event.target.value)}
          >
            <option value="">{t('everyone')}</option>
            {actors.data?.actors.map((actor) => (
              <option key={actor.id ?? AUDIT_SERVER_ACTOR} value={actor.id ?? AUDIT_SERVER_ACTOR}>
                {actor.name}
              </option>
            ))}
          </select>
        </label>
        <label className="audit__field">
          <span>{t('what')}</span>
          <select
            value={filter.entity ?? ''}
            onChange={(event) => choose('entity', event.target.value)}
          >
            <option value="">{t('everything')}</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {words[kindWord(entity)]}
              </option>
            ))}
          </select>
        </label>
        <label className="audit__field">
          <span>{t('from')}</span>
          <input
            type="date"
            value={filter.from ?? ''}
            max={filter.to}
            onChange={(event) => choose('from', event.target.value)}
          />
        </label>
        <label className="audit__field">
          <span>{t('to')}</span>
          <input
            type="date"
            value={filter.to ?? ''}
            min={filter.from}
            aria-invalid={backwards || undefined}
            onChange={(event) => choose('to', event.target.value)}
          />
        </label>
        <div className="audit__actions">
          {filtered ? (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            >
              {t('clear')}
            </button>
          ) : null}
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={download.isPending || backwards}
            onClick={() => download.mutate({ filter, language })}
          >
            {download.isPending ? t('downloading') : t('downloadCsv')}
          </button>
        </div>
      </form>
      <p className="audit__note">
        {t('csvLimit', { count: formatNumber(AUDIT_EXPORT_MAX, locale) })}
      </p>
      {backwards ? (
        <p role="alert" className="audit__problem">
          {t('periodBackwards')}
        </p>
      ) : null}
      {download.isError ? (
        <p role="alert" className="audit__problem">
          {t('downloadFailed', { reason: reason(download.error) })}
        </p>
      ) : null}
      {log.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : log.isError ? (
        <div role="alert" className="audit__problem">
          <p>{t('failed')}</p>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void log.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : entries.length === 0 ? (
        <p className="audit__empty">{filtered ? t('nothingMatches') : t('empty')}</p>
      ) : (
        <ol className="audit__list">
          {entries.map((entry) => (
            <AuditItem
              key={entry.id}
              entry={entry}
              format={format}
              timeZone={restaurant.timezone}
            />
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? t('loading') : t('more')}
        </button>
      ) : null}
    </div>
  )
}

function AuditItem({
  entry,
  format,
  timeZone,
}: {
  entry: AuditEntry
  format: AuditFormat
  timeZone: string
}) {
  const { t, language } = useMessages(auditMessages)
  const text = auditText(entry, format)
  const before = pretty(entry.before)
  const after = pretty(entry.after)
  const when = restaurantTime(entry.at, timeZone, dateLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  return (
    <li className="audit__entry">
      <div className="audit__head">
        <p className="audit__sentence">{text.sentence}</p>
        <time className="audit__time" dateTime={entry.at}>
          {when}
        </time>
      </div>
      {text.changes.length > 0 ? (
        <table className="audit__changes">
          <thead>
            <tr>
              <th scope="col">{t('field')}</th>
              <th scope="col">{t('before')}</th>
              <th scope="col">{t('after')}</th>
            </tr>
          </thead>
          <tbody>
            {text.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.field}</th>
                <td>{change.before}</td>
                <td>{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <details className="audit__details">
        <summary>{t('details')}</summary>
        <dl>
          <dt>{t('entry')}</dt>
          <dd>{entry.id}</dd>
          <dt>{t('kind')}</dt>
          <dd>
            {entry.entity} · {entry.action}
          </dd>
          <dt>{t('entityId')}</dt>
          <dd>{entry.entityId ?? t('none')}</dd>
          <dt>{t('actorId')}</dt>
          <dd>{entry.actor.id ?? t('none')}</dd>
        </dl>
        {before === null ? null : (
          <>
            <p className="audit__json-title">{t('rowBefore')}</p>
            {/* Long rows scroll: reachable by keyboard too. */}
            <pre className="audit__json" tabIndex={0}>
              {before}
            </pre>
          </>
        )}
        {after === null ? null : (
          <>
            <p className="audit__json-title">{t('rowAfter')}</p>
            <pre className="audit__json" tabIndex={0}>
              {after}
            </pre>
          </>
        )}
      </details>
    </li>
  )
}
