import { useId } from 'react'
import type { FiscalSettings, ReceiptMode } from '@tableside/contracts/receipts'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useFiscalSettings } from '../api/fiscal-settings'
import { fiscalReceiptsMessages } from '../fiscal-receipts-messages'
import { useFiscalSettingsEditor } from '../hooks/use-fiscal-settings-editor'
import { FailedReceipts, type RestaurantClock } from './failed-receipts'
import { FormActions, LoadedSettingsGroup, TextField } from './settings-fields'
import { TestOrLiveChoice } from './test-or-live-choice'

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
  const { form, set, problems, status, submit, saving, acquirer, blocking, later } =
    useFiscalSettingsEditor(saved)
  const ids = { mode: useId(), status: useId() }
  const fieldList = (fields: readonly FiscalSettings['missing'][number][]) =>
    fields.map((field) => t(`field_${field}`)).join(', ')

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
        saving={saving}
        saveText={t('save')}
        savingText={t('saving')}
        status={status}
        statusId={ids.status}
      />
    </form>
  )
}
