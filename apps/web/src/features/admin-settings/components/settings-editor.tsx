import { useMemo, useRef, useState, type SubmitEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { AdminSettings } from '@tableside/contracts/admin-settings'
import type { OrderType, PaymentMethod } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { settingsMessages } from '../admin-settings-messages'
import { timeZonesQueryOptions, useReloadSettings, useSaveSettings } from '../api/settings-api'
import {
  changedFields,
  fromForm,
  reapplyChanges,
  serverProblems,
  toForm,
  type SettingsForm,
  type SettingsProblems,
} from '../settings-form'
import { OpeningHoursEditor } from './opening-hours-editor'
import { CheckboxGroup, SelectField, SettingsGroup, TextField, Toggle } from './settings-fields'

const ORDER_TYPES: readonly OrderType[] = ['dine_in', 'delivery', 'pickup', 'preorder']
const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'card', 'sbp']

/**
 * The zones the server takes (decision 0074), and the one chosen now even when it is not among
 * them (saved before the check, or the list not loaded yet): saving then names the field.
 */
function zoneChoices(current: string, known: readonly string[] | undefined): readonly string[] {
  if (!known) return [current]
  return known.includes(current) ? known : [current, ...known]
}

/** A save refused because someone else saved first: what the manager had, and what it was from. */
interface Conflict {
  draft: SettingsForm
  draftBasis: SettingsForm
}

/**
 * The settings as grouped forms with one save for all: each refused field says what is wrong
 * beside it, and the bar at the bottom stays in view with the state of the form and Save.
 *
 * `saved` is the query's copy, which a background refetch may replace while the manager types:
 * the form follows it only while it has no unsaved changes. A save names the version the form
 * started from; when someone else saved meanwhile (409) the form shows their settings and offers
 * the manager's own changes back, never mixing the two silently (decision 0074).
 */
export function SettingsEditor({
  saved,
  currencySymbol,
}: {
  saved: AdminSettings
  currencySymbol: string
}) {
  const { t } = useMessages(settingsMessages)
  const api = useApiClient()
  const save = useSaveSettings()
  const reload = useReloadSettings()
  const zones = useQuery(timeZonesQueryOptions(api))
  // The settings the form started from: their version goes with the save.
  const [basis, setBasis] = useState(saved)
  const initial = useMemo(() => toForm(basis), [basis])
  const [form, setForm] = useState<SettingsForm>(initial)
  const dirty = JSON.stringify(form) !== JSON.stringify(initial)
  const [problems, setProblems] = useState<SettingsProblems>({})
  // What the last action said; any edit makes it old news.
  const [status, setStatus] = useState<string>('')
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const formRef = useRef<HTMLFormElement>(null)

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
        if (Object.keys(found).length > 0 || unplaced.length > 0) refuse(found, unplaced)
        else setStatus(t('failed', { message: error.message }))
      },
    })
  }

  return (
    <form ref={formRef} className="settings-form" noValidate onSubmit={submit}>
      <SettingsGroup id="orders" title={t('orders')}>
        <CheckboxGroup
          legend={t('orderTypes')}
          options={ORDER_TYPES.map((value) => ({ value, label: t(value) }))}
          chosen={form.orderTypes}
          onChange={set('orderTypes')}
          problem={problem('orderTypes')}
        />
      </SettingsGroup>

      <SettingsGroup id="payments" title={t('payments')}>
        <CheckboxGroup
          legend={t('paymentMethods')}
          options={PAYMENT_METHODS.map((value) => ({ value, label: t(value) }))}
          chosen={form.paymentMethods}
          onChange={set('paymentMethods')}
          problem={problem('paymentMethods')}
        />
        <Toggle
          label={t('onlinePayment')}
          checked={form.onlinePayment}
          onChange={set('onlinePayment')}
          disabled={saved.paymentProvider === null && !form.onlinePayment}
          hint={saved.paymentProvider === 'sandbox' ? t('providerSandbox') : t('providerNone')}
          problem={problem('onlinePayment')}
        />
        <TextField
          label={t('tipPresets')}
          hint={t('tipPresetsHint')}
          inputMode="text"
          {...text('tipPresets')}
        />
        <TextField
          label={t('serviceCharge')}
          hint={t('serviceChargeHint')}
          inputMode="decimal"
          {...text('serviceChargePercent')}
        />
      </SettingsGroup>

      <SettingsGroup id="delivery" title={t('deliveryGroup')}>
        <TextField
          label={`${t('minOrder')}, ${currencySymbol}`}
          inputMode="decimal"
          {...text('deliveryMinOrder')}
        />
        <TextField
          label={`${t('fee')}, ${currencySymbol}`}
          inputMode="decimal"
          {...text('deliveryFee')}
        />
        <TextField
          label={`${t('freeFrom')}, ${currencySymbol}`}
          hint={t('freeFromHint')}
          inputMode="decimal"
          {...text('deliveryFreeFrom')}
        />
        <TextField label={t('deliveryLead')} inputMode="numeric" {...text('deliveryLeadMinutes')} />
        <TextField label={t('zoneRu')} wide {...text('deliveryZoneRu')} />
        <TextField label={t('zoneEn')} wide {...text('deliveryZoneEn')} />
      </SettingsGroup>

      <SettingsGroup id="scheduling" title={t('scheduling')}>
        <TextField label={t('pickupLead')} inputMode="numeric" {...text('pickupLeadMinutes')} />
        <TextField label={t('preorderLead')} inputMode="numeric" {...text('preorderLeadMinutes')} />
        <TextField
          label={t('slot')}
          hint={t('slotHint')}
          inputMode="numeric"
          {...text('slotMinutes')}
        />
      </SettingsGroup>

      <SettingsGroup id="hours" title={t('hours')}>
        <SelectField
          label={t('timezone')}
          value={form.timezone}
          options={zoneChoices(form.timezone, zones.data?.timeZones)}
          onChange={set('timezone')}
          problem={problem('timezone')}
        />
        <p className="settings-field__hint settings-field--wide">{t('hoursHint')}</p>
        <div className="settings-field--wide">
          <OpeningHoursEditor
            hours={form.openingHours}
            problems={problems}
            onChange={set('openingHours')}
          />
        </div>
      </SettingsGroup>

      <SettingsGroup id="service" title={t('service')}>
        <TextField
          label={t('sessionMinutes')}
          inputMode="numeric"
          {...text('tableSessionMinutes')}
        />
        <TextField
          label={t('escalation')}
          hint={t('escalationHint')}
          inputMode="numeric"
          {...text('callEscalationSeconds')}
        />
      </SettingsGroup>

      <SettingsGroup id="bonus" title={t('bonus')}>
        <Toggle
          label={t('bonusActive')}
          checked={form.bonusActive}
          onChange={set('bonusActive')}
          hint={form.bonusActive ? undefined : t('bonusOffHint')}
        />
        {form.bonusActive ? (
          <>
            <TextField label={t('earn')} inputMode="decimal" {...text('bonusEarnPercent')} />
            <TextField
              label={t('maxShare')}
              inputMode="decimal"
              {...text('bonusMaxSharePercent')}
            />
            <TextField label={t('expiry')} inputMode="numeric" {...text('bonusExpiryDays')} />
            <TextField label={t('welcome')} inputMode="numeric" {...text('bonusWelcomePoints')} />
            <TextField label={t('birthday')} inputMode="numeric" {...text('bonusBirthdayPoints')} />
          </>
        ) : null}
      </SettingsGroup>

      <SettingsGroup id="privacy" title={t('privacy')}>
        <TextField
          label={t('privacyUrl')}
          hint={t('privacyHint')}
          type="url"
          inputMode="url"
          wide
          {...text('privacyPolicyUrl')}
        />
      </SettingsGroup>

      <div className="settings-savebar">
        {conflict ? (
          <div className="settings-savebar__conflict" role="alert">
            <p>
              {t('conflict', {
                count: changedFields(conflict.draft, conflict.draftBasis).length,
              })}
            </p>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => {
                edit((current) => reapplyChanges(conflict.draft, conflict.draftBasis, current))
                setConflict(null)
                setStatus(t('restored'))
              }}
            >
              {t('restoreMine')}
            </button>
          </div>
        ) : null}
        <p className="settings-savebar__status" role="status">
          {status ||
            // The refusal above says what happened; "all saved" beside it would contradict it.
            (conflict ? '' : dirty ? t(behind ? 'unsavedBehind' : 'unsaved') : t('noChanges'))}
        </p>
        <div className="settings-savebar__actions">
          <button
            type="button"
            className={buttonClass('secondary')}
            aria-disabled={!dirty || save.isPending}
            onClick={() => {
              if (!dirty || save.isPending) return
              // Back to the settings as saved now, which may be newer than the form's start.
              startOver(saved)
              setConflict(null)
              setStatus('')
            }}
          >
            {t('discard')}
          </button>
          <button type="submit" className={buttonClass('primary')} aria-disabled={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </button>
        </div>
      </div>
    </form>
  )
}
