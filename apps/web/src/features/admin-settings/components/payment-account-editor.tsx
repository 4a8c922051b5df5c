import { useId, useState, type SubmitEvent } from 'react'
import type {
  Acquirer,
  PaymentAccount,
  PaymentAccountBody,
  PaymentAccountCheck,
} from '@tableside/contracts/admin-payments'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import {
  useCheckPaymentAccount,
  usePaymentAccount,
  useSavePaymentAccount,
} from '../api/payment-account'
import { paymentAccountMessages } from '../payment-account-messages'
import { CheckboxGroup, FormActions, LoadedSettingsGroup, TextField } from './settings-fields'
import { TestOrLiveChoice } from './test-or-live-choice'
import { usePartForm } from '../hooks/use-part-form'

type Method = 'card' | 'sbp'
/** `server`: no choice of the restaurant's own; the server's PAYMENT_PROVIDER serves it. */
type Choice = Acquirer | 'server'

interface AccountForm {
  provider: Choice
  accountId: string
  secretKey: string
  live: boolean
  methods: Method[]
}

const formOf = (account: PaymentAccount): AccountForm => ({
  provider: account.provider ?? 'server',
  accountId: account.accountId ?? '',
  secretKey: '',
  live: account.live,
  methods: account.methods,
})

/** `/admin/settings`: the restaurant's acquirer, saved on its own (decision 0121). */
export function PaymentAccountSection() {
  const { t } = useMessages(paymentAccountMessages)
  const query = usePaymentAccount()
  return (
    <LoadedSettingsGroup
      id="acquirer"
      title={t('title')}
      query={query}
      loading={t('loading')}
      loadFailed={t('loadFailed')}
    >
      {(saved) => <PaymentAccountEditor saved={saved} />}
    </LoadedSettingsGroup>
  )
}

function PaymentAccountEditor({ saved }: { saved: PaymentAccount }) {
  const { t } = useMessages(paymentAccountMessages)
  const save = useSavePaymentAccount()
  const check = useCheckPaymentAccount()
  const [checked, setChecked] = useState<string | null>(null)
  const { form, setForm, set, problems, setProblems, status, setStatus } = usePartForm(
    () => formOf(saved),
    () => setChecked(null),
  )
  const providerId = useId()
  // The stored secret is the chosen acquirer's only when the stored account is that one's.
  const storedSecret = saved.accountProvider === form.provider ? saved.secret : null

  const choices: { value: Choice; label: string }[] = [
    {
      value: 'server',
      label: saved.serverProvider === 'sandbox' ? t('serverSandbox') : t('serverNone'),
    },
    { value: 'yookassa', label: t('yookassa') },
    { value: 'tbank', label: t('tbank') },
    ...(saved.serverProvider === 'sandbox'
      ? [{ value: 'sandbox' as const, label: t('sandbox') }]
      : []),
    { value: 'none', label: t('none') },
  ]

  const checkText = (answer: PaymentAccountCheck): string => {
    const terminal = saved.provider === 'tbank'
    if (answer.ok) {
      return t(terminal ? 'checkOkTerminal' : 'checkOk', {
        account: answer.account ?? '',
        mode: answer.test ? t('checkTest') : t('checkLive'),
      })
    }
    switch (answer.problem) {
      case 'invalid_credentials':
        return t(terminal ? 'checkInvalidTBank' : 'checkInvalid')
      case 'unavailable':
        return t('checkUnavailable')
      case 'not_configured':
        return t('checkNotConfigured')
      case 'mode_mismatch':
        return t('checkModeMismatch')
      case 'other':
      case null:
        return t('checkOther')
    }
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    // "As the server decides" is the sandbox's or nobody's: saved as that choice.
    const provider: Acquirer =
      form.provider === 'server'
        ? saved.serverProvider === 'sandbox'
          ? 'sandbox'
          : 'none'
        : form.provider
    const found: typeof problems = {}
    if (provider === 'yookassa' || provider === 'tbank') {
      if (form.accountId.trim() === '') found.accountId = t('required')
      if (form.secretKey.trim() === '' && !storedSecret) found.secretKey = t('required')
    }
    setProblems(found)
    if (Object.keys(found).length > 0) {
      setStatus(t('failed'))
      return
    }
    const body: PaymentAccountBody = {
      provider,
      accountId: form.accountId.trim() === '' ? null : form.accountId.trim(),
      ...(form.secretKey.trim() === '' ? {} : { secretKey: form.secretKey.trim() }),
      live: form.live,
      methods: form.methods,
    }
    save.mutate(body, {
      onSuccess: (kept) => {
        setForm(formOf(kept))
        setStatus(t('saved'))
      },
      onError: (error) => {
        if (isApiError(error)) {
          const fields: typeof problems = {}
          for (const field of error.fields) {
            const key = field.path.replace(/^body\./, '')
            if (key in form) fields[key as keyof AccountForm] = field.message
          }
          setProblems(fields)
          if (error.code === 'secrets_key_missing') {
            setStatus(t('noSecretsKey'))
            return
          }
        }
        setStatus(t('failed'))
      },
    })
  }

  const acquirer = form.provider === 'yookassa' || form.provider === 'tbank' ? form.provider : null
  const tbank = acquirer === 'tbank'
  return (
    <form className="settings-field--wide profile-form" noValidate onSubmit={submit}>
      <p className="profile-form__lead">{t('lead')}</p>
      {saved.canStoreSecrets ? null : (
        <p className="profile-form__lead" role="note">
          {t('noSecretsKey')}
        </p>
      )}
      <div className="settings-group__fields">
        <div className="settings-field settings-field--wide">
          <label htmlFor={providerId} className="settings-field__label">
            {t('provider')}
          </label>
          <select
            id={providerId}
            className="settings-field__input"
            value={form.provider}
            onChange={(event) => {
              const chosen = choices.find((choice) => choice.value === event.currentTarget.value)
              if (!chosen) return
              set('provider')(chosen.value)
              // Another acquirer's account is never offered as this one's.
              if (chosen.value === 'yookassa' || chosen.value === 'tbank') {
                set('accountId')(
                  saved.accountProvider === chosen.value ? (saved.accountId ?? '') : '',
                )
              }
            }}
          >
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {acquirer ? (
          <>
            <TextField
              label={tbank ? t('terminalKey') : t('shopId')}
              hint={tbank ? t('terminalKeyHint') : t('shopIdHint')}
              inputMode={tbank ? 'text' : 'numeric'}
              autoComplete="off"
              value={form.accountId}
              onChange={set('accountId')}
              problem={problems.accountId}
            />
            <TextField
              label={tbank ? t('password') : t('secretKey')}
              type="password"
              autoComplete="new-password"
              hint={
                storedSecret
                  ? t('secretKeySet', { last4: storedSecret.last4 })
                  : tbank
                    ? t('passwordNew')
                    : t('secretKeyNew')
              }
              placeholder={storedSecret ? `••••${storedSecret.last4}` : undefined}
              value={form.secretKey}
              onChange={set('secretKey')}
              problem={problems.secretKey}
            />
            <TestOrLiveChoice
              legend={t('mode')}
              live={form.live}
              onChange={set('live')}
              label={(mode) => t(mode === 'test' && tbank ? 'testTerminal' : mode)}
            />
            <CheckboxGroup
              legend={t('methods')}
              options={(['card', 'sbp'] as const).map((value) => ({ value, label: t(value) }))}
              chosen={form.methods}
              onChange={set('methods')}
              problem={problems.methods}
            />
          </>
        ) : null}
      </div>
      <FormActions
        saving={save.isPending}
        saveText={t('save')}
        savingText={t('saving')}
        status={checked ?? status}
      >
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={check.isPending}
          onClick={() => {
            setChecked(null)
            check.mutate(undefined, {
              onSuccess: (answer) => setChecked(checkText(answer)),
              onError: () => setChecked(t('checkUnavailable')),
            })
          }}
        >
          {check.isPending ? t('checking') : t('check')}
        </button>
      </FormActions>
    </form>
  )
}
