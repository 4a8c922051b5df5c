import { useRef } from 'react'
import type { AdminSettings } from '@tableside/contracts/admin-settings'
import type { OrderType, PaymentMethod } from '@tableside/contracts/restaurants'
import { useMessages } from '../../../lib/i18n/use-translation'
import { settingsMessages } from '../admin-settings-messages'
import { useSettingsEditor } from '../hooks/use-settings-editor'
import { OpeningHoursEditor } from './opening-hours-editor'
import { CheckboxGroup, SelectField, SettingsGroup, TextField, Toggle } from './settings-fields'
import { SettingsSavebar } from './settings-savebar'

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

/**
 * The settings as grouped forms with one save for all: each refused field says what is wrong
 * beside it, and the bar at the bottom stays in view with the state of the form and Save. What
 * the form holds and how a save goes (a conflict with another manager's included):
 * `useSettingsEditor`.
 */
export function SettingsEditor({
  saved,
  currencySymbol,
}: {
  saved: AdminSettings
  currencySymbol: string
}) {
  const { t } = useMessages(settingsMessages)
  const formRef = useRef<HTMLFormElement>(null)
  const editor = useSettingsEditor(saved, formRef)
  const { form, problems, set, problem, text } = editor

  return (
    <form ref={formRef} className="settings-form" noValidate onSubmit={editor.submit}>
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
          hint={
            saved.paymentProvider === 'sandbox'
              ? t('providerSandbox')
              : saved.paymentProvider === 'yookassa'
                ? t('providerYooKassa')
                : saved.paymentProvider === 'tbank'
                  ? t('providerTBank')
                  : t('providerNone')
          }
          problem={problem('onlinePayment')}
        />
        <Toggle
          label={t('kitchenBeforeOnlinePayment')}
          checked={form.kitchenBeforeOnlinePayment}
          onChange={set('kitchenBeforeOnlinePayment')}
          hint={t('kitchenBeforeOnlinePaymentHint')}
          problem={problem('kitchenBeforeOnlinePayment')}
        />
        <Toggle
          label={t('waiterRefunds')}
          checked={form.waiterRefunds}
          onChange={set('waiterRefunds')}
          hint={t('waiterRefundsHint')}
          problem={problem('waiterRefunds')}
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
        <TextField
          label={t('kitchenLead')}
          hint={t('kitchenLeadHint')}
          inputMode="numeric"
          {...text('kitchenLeadMinutes')}
        />
      </SettingsGroup>

      <SettingsGroup id="hours" title={t('hours')}>
        <SelectField
          label={t('timezone')}
          value={form.timezone}
          options={zoneChoices(form.timezone, editor.timeZones)}
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

      <SettingsGroup id="sms" title={t('sms')}>
        <TextField
          label={t('smsBudget')}
          hint={t('smsBudgetHint')}
          inputMode="numeric"
          {...text('smsDailyBudget')}
        />
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

      <SettingsSavebar
        status={editor.status}
        dirty={editor.dirty}
        behind={editor.behind}
        saving={editor.saving}
        conflictChanges={editor.conflictChanges}
        onRestoreMine={editor.restoreMine}
        onDiscard={editor.discard}
      />
    </form>
  )
}
