import { useId, useState } from 'react'
import type { AuditEntry } from '@tableside/contracts/audit'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantTime } from '../../../lib/restaurant-time'
import { useAuditLog } from '../api/audit'
import { auditMessages, auditWords } from '../audit-messages'
import { fieldName, subjectOf } from '../audit-text'

type Changes = { field: string; before: unknown; after: unknown }[]

/** The fields an update changed; for an addition or a removal, every field it had. */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): Changes {
  const record = (text: string | null): Record<string, unknown> => {
    if (text === null) return {}
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value }
  }
  const before = record(entry.before)
  const after = record(entry.after)
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }))
}

const shown = (value: unknown) =>
  value === undefined || value === null
    ? null
    : typeof value === 'string'
      ? value
      : JSON.stringify(value)

/** The back office's audit log: who changed what and when, with what it was and became. */
export function AuditLog({ timeZone }: { timeZone: string }) {
  const { t, language } = useMessages(auditMessages)
  const words = auditWords[language]
  const [entity, setEntity] = useState<string | undefined>(undefined)
  const log = useAuditLog(entity)
  const filterId = useId()
  const time = (at: string) =>
    restaurantTime(at, timeZone, dateLocale(language), { dateStyle: 'medium', timeStyle: 'short' })
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []
  const entityName = (key: string) => (words.entity as Record<string, string>)[key] ?? key
  const actionName = (key: string) => (words.action as Record<string, string>)[key] ?? key

  return (
    <div className="audit">
      <div className="audit__filter">
        <label htmlFor={filterId}>{t('filter')}</label>
        <select
          id={filterId}
          value={entity ?? ''}
          onChange={(event) => setEntity(event.target.value || undefined)}
        >
          <option value="">{t('all')}</option>
          {Object.entries(words.entity).map(([key, name]) => (
            <option key={key} value={key}>
              {name}
            </option>
          ))}
        </select>
      </div>
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
        <p className="audit__empty">{t('empty')}</p>
      ) : (
        <ol className="audit__list">
          {entries.map((entry) => (
            <li key={entry.id} className="audit__entry">
              <div className="audit__head">
                <span className="audit__what">
                  <strong>{entityName(entry.entity)}</strong>
                  {subjectOf(entry, language) ? (
                    <span className="audit__id"> «{subjectOf(entry, language)}»</span>
                  ) : null}
                  {' — '}
                  {actionName(entry.action)}
                </span>
                <span className="audit__meta">
                  {entry.actor.name} · <time dateTime={entry.at}>{time(entry.at)}</time>
                </span>
              </div>
              <ChangeTable entry={entry} />
            </li>
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

function ChangeTable({ entry }: { entry: AuditEntry }) {
  const { t, language } = useMessages(auditMessages)
  const changes = changesOf(entry)
  if (changes.length === 0) return null
  return (
    <table className="audit__changes">
      <thead>
        <tr>
          <th scope="col">{t('change')}</th>
          <th scope="col">{t('before')}</th>
          <th scope="col">{t('after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.slice(0, 20).map((change) => (
          <tr key={change.field}>
            <th scope="row">{fieldName(change.field, language)}</th>
            <td>{shown(change.before) ?? t('none')}</td>
            <td>{shown(change.after) ?? t('none')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
