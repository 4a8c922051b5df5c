import { useCallback, useId, useState, type SubmitEvent } from 'react'
import { SANDBOX_3DS_CODE, type SandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useConfirm3ds } from '../api/confirm-3ds'
import { sandboxMessages } from '../sandbox-messages'
import { BankField } from './bank-field'
import { ShieldIcon } from './bank-icons'

/** The card's bank asks for the one-time code; a wrong code fails the payment, as banks do. */
export function ThreeDsStep({ payment }: { payment: SandboxPayment }) {
  const { t } = useMessages(sandboxMessages)
  const confirm = useConfirm3ds(payment.ref)
  const titleId = useId()
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState(false)
  // The step replaces the card form: a screen reader hears where it now is.
  const focusTitle = useCallback((title: HTMLHeadingElement | null) => title?.focus(), [])

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (code.trim() === '') {
      setMissing(true)
      return
    }
    confirm.mutate({ code: code.trim() })
  }
  const failed = confirm.isError && !(isApiError(confirm.error) && confirm.error.status === 409)

  return (
    <section className="bank-panel" aria-labelledby={titleId}>
      <span className="bank-panel__icon">
        <ShieldIcon size={28} />
      </span>
      <h2 id={titleId} className="bank-panel__title" tabIndex={-1} ref={focusTitle}>
        {t('threeDsTitle')}
      </h2>
      <p className="bank-panel__text">{t('threeDsText', { code: SANDBOX_3DS_CODE })}</p>
      <form className="bank-card-form" noValidate onSubmit={submit}>
        <BankField
          className="bank-field--wide"
          label={t('code')}
          problem={missing && code.trim() === '' ? t('codeRequired') : undefined}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        {failed ? (
          <p className="bank-form-error" role="alert">
            {t('stepFailed')}
          </p>
        ) : null}
        <button type="submit" className="bank-btn bank-btn--primary" disabled={confirm.isPending}>
          {confirm.isPending ? t('confirming') : t('confirm')}
        </button>
        <button
          type="button"
          className="bank-btn bank-btn--quiet"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ cancel: true })}
        >
          {t('refuse')}
        </button>
      </form>
    </section>
  )
}
