import { useId, useState, type SubmitEvent } from 'react'
import type { PaymentAccount } from '@tableside/contracts/admin-payments'
import type { Restaurant } from '@tableside/contracts/restaurants'
import type {
  FailedReceipt,
  FiscalSettings,
  FiscalSettingsBody,
  ReceiptMode,
} from '@tableside/contracts/receipts'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantClock, restaurantTime } from '../../../lib/restaurant-time'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import {
  useFailedReceipts,
  useFiscalSettings,
  useRetryReceipt,
  useSaveFiscalSettings,
} from '../api/fiscal-settings'
import { usePaymentAccount } from '../api/payment-account'
import { fiscalReceiptsMessages } from '../fiscal-receipts-messages'
import { FormActions, LoadedSettingsGroup, TextField } from './settings-fields'
import { TestOrLiveChoice } from './test-or-live-choice'

/** What the failed list writes money and moments with: the restaurant's, whatever the device's. */
type RestaurantClock = Pick<Restaurant, 'locale' | 'currency' | 'timezone'>

interface FiscalForm {
  mode: ReceiptMode
  login: string
  password: string
  groupCode: string
  live: boolean
  companyEmail: string
  paymentAddress: string
}
type Problems = Partial<Record<keyof FiscalForm, string>>

const formOf = (saved: FiscalSettings): FiscalForm => ({
  mode: saved.mode,
  login: saved.atol?.login ?? '',
  password: '',
  groupCode: saved.atol?.groupCode ?? '',
  live: saved.atol?.live ?? false,
  companyEmail: saved.companyEmail ?? '',
  paymentAddress: saved.paymentAddress ?? '',
})

/**
 * Whether the acquirer's receipt service can send the restaurant's receipts: only a real
 * acquirer's (the sandbox sends none; without online payment there is none), as the server says.
 */
function acquirerSendsReceipts(account: PaymentAccount | undefined): 'yes' | 'sandbox' | 'none' {
  if (!account) return 'yes' // not known yet: the server decides on saving
  const provider = account.provider ?? account.serverProvider
  if (provider === 'yookassa' || provider === 'tbank') return 'yes'
  return provider === 'sandbox' ? 'sandbox' : 'none'
}

/** `/admin/settings`: how the restaurant sends its 54-FZ receipts, and those that failed. */
export function FiscalSettingsSection({ restaurant }: { restaurant: RestaurantClock }) {
  const { t } = useMessages(fiscalReceiptsMessages)
  const query = useFiscalSettings()
  return (
    <LoadedSettingsGroup
      id="receipts"
      title={t('title')}
      query={query}
      loading={t('loading')}
      loadFailed={t('loadFailed')}
    >
      {(saved) => (
        <>
          <FiscalSettingsEditor saved={saved} />
          <FailedReceipts restaurant={restaurant} />
        </>
      )}
    </LoadedSettingsGroup>
  )
}

function FiscalSettingsEditor({ saved }: { saved: FiscalSettings }) {
  const { t } = useMessages(fiscalReceiptsMessages)
  const reason = useStaffErrorText()
  const save = useSaveFiscalSettings()
  const account = usePaymentAccount().data
  const [form, setForm] = useState(() => formOf(saved))
  const [problems, setProblems] = useState<Problems>({})
  const [status, setStatus] = useState<string | null>(null)
  const ids = { mode: useId(), status: useId() }
  const acquirer = acquirerSendsReceipts(account)
  const set =
    <Key extends keyof FiscalForm>(key: Key) =>
    (value: FiscalForm[Key]) => {
      setForm((current) => ({ ...current, [key]: value }))
      setStatus(null)
    }
  const blocking = saved.missing.filter((field) => field === 'inn' || field === 'taxSystem')
  const later = saved.missing.filter((field) => field !== 'inn' && field !== 'taxSystem')
  const fieldList = (fields: readonly FiscalSettings['missing'][number][]) =>
    fields.map((field) => t(`field_${field}`)).join(', ')

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: Problems = {}
    const atol = form.mode === 'atol'
    if (atol) {
      if (form.login.trim() === '') found.login = t('required')
      if (form.password === '' && !saved.atol?.secret) found.password = t('required')
      if (form.groupCode.trim() === '') found.groupCode = t('required')
      if (form.companyEmail.trim() === '') found.companyEmail = t('required')
      if (form.paymentAddress.trim() === '') found.paymentAddress = t('required')
    }
    setProblems(found)
    if (Object.keys(found).length > 0) {
      setStatus(t('failed', { message: t('checkFields') }))
      return
    }
    const hasAtol = form.login.trim() !== '' && form.groupCode.trim() !== ''
    const body: FiscalSettingsBody = {
      mode: form.mode,
      atol: hasAtol
        ? {
            login: form.login.trim(),
            ...(form.password === '' ? {} : { password: form.password }),
            groupCode: form.groupCode.trim(),
            live: form.live,
          }
        : null,
      companyEmail: form.companyEmail.trim() === '' ? null : form.companyEmail.trim(),
      paymentAddress: form.paymentAddress.trim() === '' ? null : form.paymentAddress.trim(),
    }
    save.mutate(body, {
      onSuccess: (kept) => {
        setForm(formOf(kept))
        setStatus(t('saved'))
      },
      onError: (error) => {
        const fields: Problems = {}
        if (isApiError(error)) {
          for (const field of error.fields) {
            const path = field.path.replace(/^body\./, '').replace(/^atol\./, '')
            if (path in form) fields[path as keyof FiscalForm] = field.message
          }
        }
        setProblems(fields)
        setStatus(t('failed', { message: reason(error) }))
      },
    })
  }

  const modes: { value: ReceiptMode; label: string; note?: string; disabled?: boolean }[] = [
    { value: 'off', label: t('off') },
    {
      value: 'acquirer',
      label: t('acquirer'),
      ...(acquirer === 'yes'
        ? {}
        : {
            note: t(
              acquirer === 'sandbox' ? 'acquirerUnavailableSandbox' : 'acquirerUnavailableNone',
            ),
            // Kept choosable only while it is the saved one, so the manager can turn it off.
            disabled: saved.mode !== 'acquirer',
          }),
    },
    { value: 'atol', label: t('atol') },
  ]
  const storedSecret = saved.atol?.secret ?? null
  return (
    <form
      className="settings-field--wide profile-form"
      noValidate
      onSubmit={submit}
      aria-describedby={ids.status}
    >
      <p className="profile-form__lead">{t('lead')}</p>
      {blocking.length > 0 ? (
        <p className="profile-form__lead fiscal-note" role="note">
          {t('missing', { fields: fieldList(blocking) })}
        </p>
      ) : later.length > 0 ? (
        <p className="profile-form__lead" role="note">
          {t('missingSoon', { fields: fieldList(later) })}
        </p>
      ) : null}
      <div className="settings-group__fields">
        <fieldset className="settings-choices settings-field--wide">
          <legend className="settings-field__label" id={ids.mode}>
            {t('mode')}
          </legend>
          {modes.map((mode) => (
            <div key={mode.value} className="fiscal-mode">
              <label className="settings-check">
                <input
                  type="radio"
                  name={ids.mode}
                  value={mode.value}
                  checked={form.mode === mode.value}
                  disabled={mode.disabled}
                  onChange={() => set('mode')(mode.value)}
                />
                <span>{mode.label}</span>
              </label>
              {mode.note ? (
                <p className="settings-field__hint fiscal-mode__note">{mode.note}</p>
              ) : null}
            </div>
          ))}
        </fieldset>
        {form.mode === 'atol' ? (
          <>
            {saved.canStoreSecrets ? null : (
              <p className="profile-form__lead settings-field--wide" role="note">
                {t('noSecretsKey')}
              </p>
            )}
            <TextField
              label={t('login')}
              hint={t('loginHint')}
              autoComplete="off"
              value={form.login}
              onChange={set('login')}
              problem={problems.login}
            />
            <TextField
              label={t('password')}
              type="password"
              autoComplete="new-password"
              hint={
                storedSecret ? t('passwordSet', { last4: storedSecret.last4 }) : t('passwordNew')
              }
              placeholder={storedSecret ? `••••${storedSecret.last4}` : undefined}
              value={form.password}
              onChange={set('password')}
              problem={problems.password}
            />
            <TextField
              label={t('groupCode')}
              hint={t('groupCodeHint')}
              autoComplete="off"
              value={form.groupCode}
              onChange={set('groupCode')}
              problem={problems.groupCode}
            />
            <TextField
              label={t('companyEmail')}
              hint={t('companyEmailHint')}
              autoComplete="off"
              value={form.companyEmail}
              onChange={set('companyEmail')}
              problem={problems.companyEmail}
            />
            <TextField
              label={t('paymentAddress')}
              hint={t('paymentAddressHint')}
              inputMode="url"
              autoComplete="off"
              wide
              value={form.paymentAddress}
              onChange={set('paymentAddress')}
              problem={problems.paymentAddress}
            />
            <TestOrLiveChoice
              legend={t('registerMode')}
              live={form.live}
              onChange={set('live')}
              label={t}
              wide
            />
          </>
        ) : null}
      </div>
      <FormActions
        saving={save.isPending}
        saveText={t('save')}
        savingText={t('saving')}
        status={status}
        statusId={ids.status}
      />
    </form>
  )
}

/** The receipts that failed, newest first, each sent again from here when it went to АТОЛ. */
function FailedReceipts({ restaurant }: { restaurant: RestaurantClock }) {
  const { t } = useMessages(fiscalReceiptsMessages)
  const query = useFailedReceipts()
  const headingId = useId()
  // Said here, not in the row: a receipt sent again leaves the list.
  const [status, setStatus] = useState<string | null>(null)
  return (
    <section className="settings-field--wide fiscal-failed" aria-labelledby={headingId}>
      <h3 id={headingId} className="fiscal-failed__title">
        {t('failedTitle')}
      </h3>
      <p className="settings-field__hint">{t('failedLead')}</p>
      {query.isPending ? (
        <p>{t('failedLoading')}</p>
      ) : query.isError ? (
        <p role="alert">{t('failedLoadFailed')}</p>
      ) : query.data.receipts.length === 0 ? (
        <p className="fiscal-failed__empty">{t('noneFailed')}</p>
      ) : (
        <ul className="fiscal-failed__list">
          {query.data.receipts.map((failed) => (
            <FailedReceiptRow
              key={failed.receipt.id}
              failed={failed}
              restaurant={restaurant}
              onSaid={setStatus}
            />
          ))}
        </ul>
      )}
      <p className="profile-form__status" role="status">
        {status}
      </p>
    </section>
  )
}

function FailedReceiptRow({
  failed,
  restaurant,
  onSaid,
}: {
  failed: FailedReceipt
  restaurant: RestaurantClock
  onSaid: (status: string | null) => void
}) {
  const { t, language } = useMessages(fiscalReceiptsMessages)
  const reason = useStaffErrorText()
  const retry = useRetryReceipt()
  const locale = dateLocale(language)
  const { receipt } = failed
  const when = t('when', {
    day: restaurantTime(failed.createdAt, restaurant.timezone, locale, {
      day: 'numeric',
      month: 'short',
    }),
    time: restaurantClock(failed.createdAt, restaurant.timezone, locale),
  })
  return (
    <li className="fiscal-failed__row">
      <p className="fiscal-failed__what">
        <time dateTime={failed.createdAt}>{when}</time> ·{' '}
        {t('row', {
          kind: t(`kind_${receipt.kind}`),
          total: formatPrice(receipt.total, restaurant),
          order:
            failed.orderNumber === null
              ? t('noOrder')
              : t('orderNumber', { number: failed.orderNumber }),
          contact: receipt.contact,
        })}
      </p>
      <p className="settings-field__hint">
        {t(`via_${failed.via}`)} · {t('attempts', { count: failed.attempts })} ·{' '}
        {failed.error ? t('error', { error: failed.error }) : t('noError')}
      </p>
      <div className="fiscal-failed__actions">
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={retry.isPending}
          onClick={() => {
            onSaid(null)
            retry.mutate(receipt.id, {
              onSuccess: () => onSaid(t('retried')),
              onError: (error) => onSaid(t('retryFailed', { message: reason(error) })),
            })
          }}
        >
          {retry.isPending ? t('retrying') : t('retry')}
        </button>
      </div>
    </li>
  )
}
