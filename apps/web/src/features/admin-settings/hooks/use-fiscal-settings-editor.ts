import type { SubmitEvent } from 'react'
import type { PaymentAccount } from '@tableside/contracts/admin-payments'
import type { FiscalSettings, FiscalSettingsBody, ReceiptMode } from '@tableside/contracts/receipts'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { useSaveFiscalSettings } from '../api/fiscal-settings'
import { usePaymentAccount } from '../api/payment-account'
import { fiscalReceiptsMessages } from '../fiscal-receipts-messages'
import { usePartForm } from './use-part-form'

export interface FiscalForm {
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

/**
 * The receipts form's state and what saving it does: АТОЛ's fields are required only when
 * receipts go through АТОЛ, and the stored password is kept unless a new one is typed.
 */
export function useFiscalSettingsEditor(saved: FiscalSettings) {
  const { t } = useMessages(fiscalReceiptsMessages)
  const reason = useStaffErrorText()
  const save = useSaveFiscalSettings()
  const account = usePaymentAccount().data
  const { form, setForm, set, problems, setProblems, status, setStatus } = usePartForm(() =>
    formOf(saved),
  )

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

  return {
    form,
    set,
    problems,
    status,
    submit,
    saving: save.isPending,
    acquirer: acquirerSendsReceipts(account),
    // The profile's fields receipts cannot go without, and those they will need soon.
    blocking: saved.missing.filter((field) => field === 'inn' || field === 'taxSystem'),
    later: saved.missing.filter((field) => field !== 'inn' && field !== 'taxSystem'),
  }
}
