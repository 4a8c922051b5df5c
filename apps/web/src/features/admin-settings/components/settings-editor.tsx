import { useMemo, useRef, useState, type SubmitEvent } from 'react'
import type { AdminSettings } from '@tableside/contracts/admin-settings'
import type { OrderType, PaymentMethod } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { settingsMessages } from '../admin-settings-messages'
import { useSaveSettings } from '../api/settings-api'
import {
  fromForm,
  serverProblems,
  toForm,
  type SettingsForm,
  type SettingsProblems,
} from '../settings-form'
import { OpeningHoursEditor } from './opening-hours-editor'
import { CheckboxGroup, SettingsGroup, TextField, Toggle } from './settings-fields'

const ORDER_TYPES: readonly OrderType[] = ['dine_in', 'delivery', 'pickup', 'preorder']
const PAYMENT_METHODS: readonly PaymentMethod[] = ['cash', 'card', 'sbp']

function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return known.includes(current) ? known : [current, ...known]
}

/**
 * The settings as grouped forms with one save for all: each refused field says what is wrong
 * beside it, and the bar at the bottom stays in view with the count of problems and Save.
 */
export function SettingsEditor({
  saved,
  currencySymbol,
}: {
  saved: AdminSettings
  currencySymbol: string
}) {
  const { t } = useMessages(settingsMessages)
  const save = useSaveSettings()
  const initial = useMemo(() => toForm(saved), [saved])
  const [form, setForm] = useState<SettingsForm>(initial)
  // What the server kept after a save (or a refetch) starts the form over from it.
  const [basis, setBasis] = useState(saved)
  if (basis !== saved) {
    setBasis(saved)
    setForm(initial)
  }
  const [problems, setProblems] = useState<SettingsProblems>({})
  const [status, setStatus] = useState<string>('')
  const formRef = useRef<HTMLFormElement>(null)
  const zones = useMemo(() => timeZones(saved.timezone), [saved.timezone])
  const dirty = JSON.stringify(form) !== JSON.stringify(initial)

  const set =
    <K extends keyof SettingsForm>(key: K) =>
    (value: SettingsForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }))
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

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (save.isPending) return
    const result = fromForm(form)
    if (!result.body) {
      refuse(result.problems)
      return
    }
    setProblems({})
    setStatus(t('saving'))
    save.mutate(result.body, {
      onSuccess: () => setStatus(t('saved')),
      onError: (error) => {
        if (!isApiError(error) || error.status === 0) {
          setStatus(t('offline'))
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
        <div className={`settings-field${problems.timezone ? ' settings-field--invalid' : ''}`}>
          <label htmlFor="settings-timezone" className="settings-field__label">
            {t('timezone')}
          </label>
          <select
            id="settings-timezone"
            className="settings-field__input"
            value={form.timezone}
            onChange={(event) => set('timezone')(event.currentTarget.value)}
            aria-invalid={problems.timezone ? true : undefined}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          {problems.timezone ? (
            <p className="settings-field__problem">{problem('timezone')}</p>
          ) : null}
        </div>
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
        <p className="settings-savebar__status" role="status">
          {status || (dirty ? t('unsaved') : t('noChanges'))}
        </p>
        <div className="settings-savebar__actions">
          <button
            type="button"
            className={buttonClass('secondary')}
            aria-disabled={!dirty || save.isPending}
            onClick={() => {
              if (!dirty || save.isPending) return
              setForm(initial)
              setProblems({})
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
