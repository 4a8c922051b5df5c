import { useMemo, useState, type RefObject, type SubmitEvent } from 'react'
import type { AdminSettings } from '@tableside/contracts/admin-settings'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { settingsMessages } from '../admin-settings-messages'
import { useReloadSettings } from '../api/get-settings'
import { useTimeZones } from '../api/list-time-zones'
import { useSaveSettings } from '../api/save-settings'
import {
  changedFields,
  fromForm,
  reapplyChanges,
  serverProblems,
  toForm,
  type SettingsForm,
  type SettingsProblems,
} from '../settings-form'

/** A save refused because someone else saved first: what the manager had, and what it was from. */
interface Conflict {
  draft: SettingsForm
  draftBasis: SettingsForm
}

/**
 * The settings form's state and what its controls do (`formRef`: the form, whose first refused
 * field takes focus).
 *
 * `saved` is the query's copy, which a background refetch may replace while the manager types:
 * the form follows it only while it has no unsaved changes. A save names the version the form
 * started from; when someone else saved meanwhile (409) the form shows their settings and offers
 * the manager's own changes back, never mixing the two silently (decision 0074).
 */
export function useSettingsEditor(
  saved: AdminSettings,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const { t } = useMessages(settingsMessages)
  const reason = useStaffErrorText()
  const save = useSaveSettings()
  const reload = useReloadSettings()
  const zones = useTimeZones()
  // The settings the form started from: their version goes with the save.
  const [basis, setBasis] = useState(saved)
  const initial = useMemo(() => toForm(basis), [basis])
  const [form, setForm] = useState<SettingsForm>(initial)
  const dirty = JSON.stringify(form) !== JSON.stringify(initial)
  const [problems, setProblems] = useState<SettingsProblems>({})
  // What the last action said; any edit makes it old news.
  const [status, setStatus] = useState<string>('')
  const [conflict, setConflict] = useState<Conflict | null>(null)

  const startOver = (from: AdminSettings) => {
    setBasis(from)
    setForm(toForm(from))
    setProblems({})
  }
  // A newer copy from the server (a refetch, another manager's save) replaces an untouched form.
  const [seen, setSeen] = useState(saved)
  if (seen !== saved) {
    setSeen(saved)
    if (!dirty && saved.version !== basis.version) {
      startOver(saved)
      setStatus(t('updatedElsewhere'))
    }
  }
  const behind = saved.version !== basis.version

  const edit = (change: (current: SettingsForm) => SettingsForm) => {
    setForm(change)
    setStatus('')
  }
  const set =
    <K extends keyof SettingsForm>(key: K) =>
    (value: SettingsForm[K]) =>
      edit((current) => ({ ...current, [key]: value }))
  const problem = (key: keyof SettingsForm) => {
    const found = problems[key]
    return found ? t(found) : undefined
  }
  /** A text field's value, change and problem, to spread on `TextField`. */
  const text = (key: keyof SettingsForm) => ({
    value: form[key] as string,
    onChange: set(key) as (value: string) => void,
    problem: problem(key),
  })

  const refuse = (found: SettingsProblems, extra: string[] = []) => {
    setProblems(found)
    const count = Object.keys(found).length + extra.length
    setStatus([t('fixFields', { count }), ...extra].join(' '))
    // The first marked field, in the order of the page.
    requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      first?.focus()
    })
  }

  const staleSave = async (draft: SettingsForm, draftBasis: SettingsForm) => {
    setStatus('')
    try {
      startOver(await reload())
      setConflict({ draft, draftBasis })
    } catch {
      setStatus(t('offline'))
    }
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (save.isPending) return
    const result = fromForm(form, basis.version)
    const unknownZone = zones.data !== undefined && !zones.data.timeZones.includes(form.timezone)
    if (!result.body || unknownZone) {
      refuse({ ...result.problems, ...(unknownZone ? { timezone: 'timezoneUnknown' } : {}) })
      return
    }
    const submitted = form
    const submittedBasis = initial
    setProblems({})
    setConflict(null)
    setStatus(t('saving'))
    save.mutate(result.body, {
      onSuccess: (answer) => {
        setBasis(answer)
        // Typed on while it saved: those keystrokes stay, as unsaved changes.
        setForm((current) => (current === submitted ? toForm(answer) : current))
        setStatus(t('saved'))
      },
      onError: (error) => {
        if (!isApiError(error) || error.status === 0) {
          setStatus(t('offline'))
          return
        }
        if (error.code === 'settings_changed') {
          void staleSave(submitted, submittedBasis)
          return
        }
        const { problems: found, unplaced } = serverProblems(error.fields)
        if (Object.keys(found).length > 0 || unplaced > 0) {
          refuse(found, unplaced > 0 ? [t('serverRefusedElsewhere', { count: unplaced })] : [])
        } else setStatus(t('failed', { message: reason(error) }))
      },
    })
  }

  return {
    form,
    problems,
    status,
    dirty,
    behind,
    saving: save.isPending,
    timeZones: zones.data?.timeZones,
    /** How many of the manager's changes a conflict put aside; null: no conflict. */
    conflictChanges: conflict ? changedFields(conflict.draft, conflict.draftBasis).length : null,
    set,
    problem,
    text,
    submit,
    restoreMine: () => {
      if (!conflict) return
      edit((current) => reapplyChanges(conflict.draft, conflict.draftBasis, current))
      setConflict(null)
      setStatus(t('restored'))
    },
    discard: () => {
      if (!dirty || save.isPending) return
      // Back to the settings as saved now, which may be newer than the form's start.
      startOver(saved)
      setConflict(null)
      setStatus('')
    },
  }
}
