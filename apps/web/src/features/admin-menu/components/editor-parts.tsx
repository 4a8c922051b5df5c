import { useEffect, useRef, type ReactNode } from 'react'
import { buttonClass } from '../../../components/ui/button'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from '../admin-menu-messages'

/**
 * Above an editor's fields: how many the server refused, and those no field of the editor
 * shows (`unplaced`), each with its path so a manager can find it in an exported file.
 */
export function EditorProblems({
  errors,
  unplaced,
  t,
}: {
  errors: ReadonlyMap<string, string>
  unplaced: readonly string[]
  t: Translate<AdminMenuMessageKey>
}) {
  if (errors.size === 0) return null
  return (
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
  )
}

/** An editor's last row: save, cancel, and delete where there is something to delete. */
export function EditorActions({
  busy,
  saveLabel,
  cancelLabel,
  deleteLabel,
  onCancel,
  onDelete,
}: {
  busy: boolean
  saveLabel: string
  cancelLabel: string
  /** Undefined: no delete button (a new thing, or one that may not go). */
  deleteLabel: string | undefined
  onCancel: () => void
  onDelete: () => void
}) {
  return (
    <div className="admin-menu__actions">
      <button type="submit" className={buttonClass()} disabled={busy}>
        {saveLabel}
      </button>
      <button type="button" className={buttonClass('secondary')} onClick={onCancel}>
        {cancelLabel}
      </button>
      {deleteLabel ? (
        <button type="button" className="admin-menu__danger" disabled={busy} onClick={onDelete}>
          {deleteLabel}
        </button>
      ) : null}
    </div>
  )
}

/** A heading that takes the keyboard when its editor opens (the screen gives focus back on closing). */
export function useFocusOnOpen() {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.focus()
  }, [])
  return heading
}

/** An editor's form: its heading (focused when it opens), then its fields and actions. */
export function EditorForm({
  titleId,
  title,
  onSubmit,
  children,
}: {
  titleId: string
  title: string
  onSubmit: () => void
  children: ReactNode
}) {
  const heading = useFocusOnOpen()
  return (
    <form
      className="admin-menu__editor"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </form>
  )
}

/** The refusals no field of a small editor shows, as the server worded them. */
export function OtherProblems({ problems }: { problems: readonly (readonly [string, string])[] }) {
  if (problems.length === 0) return null
  return (
    // A list may not be an alert itself (its role would hide that it is a list).
    <div role="alert">
      <ul className="admin-menu__problems">
        {problems.map(([path, message]) => (
          <li key={path}>{message}</li>
        ))}
      </ul>
    </div>
  )
}
