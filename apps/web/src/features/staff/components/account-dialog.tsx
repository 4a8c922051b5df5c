import { useId, useState, type SubmitEvent } from 'react'
import type { AdminMe } from '@tableside/contracts/staff'
import { buttonClass } from '../../../components/ui/button'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useSetTotp, useStartTotp } from '../api/admin-totp'
import { accountMessages } from '../account-messages'

interface AccountDialogProps {
  manager: AdminMe
  onClose: () => void
}

/**
 * The signed-in manager's own account: who they are, and the second step at sign-in (TOTP)
 * turned on by scanning a QR code into an authenticator app and typing a code from it, or off
 * with a current code.
 */
export function AccountDialog({ manager, onClose }: AccountDialogProps) {
  const { t } = useMessages(accountMessages)
  const start = useStartTotp()
  const set = useSetTotp()
  const [code, setCode] = useState('')
  const [wrong, setWrong] = useState(false)
  const ids = { title: useId(), code: useId(), problem: useId(), startProblem: useId() }
  const enrolment = manager.totpEnabled ? undefined : start.data

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setWrong(false)
    const change = enrolment ? { secret: enrolment.secret, code } : { off: true as const, code }
    set.mutate(change, {
      onSuccess: () => {
        setCode('')
        start.reset()
      },
      onError: (error) => setWrong(isApiError(error) && error.code === 'totp_invalid'),
    })
  }

  const codeForm = (label: string, action: string) => (
    <form className="account__form" onSubmit={submit} noValidate>
      <label htmlFor={ids.code}>{label}</label>
      <input
        id={ids.code}
        className="account__code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        aria-invalid={wrong || undefined}
        aria-describedby={ids.problem}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <p className="account__problem" id={ids.problem} role="alert">
        {wrong ? t('wrongCode') : set.isError ? t('failed') : null}
      </p>
      <button
        type="submit"
        className={buttonClass('primary')}
        disabled={code.length !== 6 || set.isPending}
      >
        {action}
      </button>
    </form>
  )

  return (
    <AdminDialog title={t('title')} closeLabel={t('close')} onClose={onClose}>
      <dl className="account__who">
        <dt>{t('name')}</dt>
        <dd>{manager.name}</dd>
        <dt>{t('login')}</dt>
        <dd>{manager.login}</dd>
      </dl>
      <section className="account__totp" aria-labelledby={`${ids.title}-totp`}>
        <h3 id={`${ids.title}-totp`}>{t('totpTitle')}</h3>
        {manager.totpEnabled ? (
          <>
            <p className="account__state account__state--on">{t('totpOn')}</p>
            {codeForm(t('codeToTurnOff'), t('turnOff'))}
          </>
        ) : enrolment ? (
          <>
            <ol className="account__steps">
              <li>{t('stepScan')}</li>
              <li>{t('stepType')}</li>
            </ol>
            <img
              className="account__qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
              alt={t('qrAlt')}
              width={192}
              height={192}
            />
            <p className="account__secret">
              {t('secretText')} <code>{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </p>
            {codeForm(t('codeFromApp'), t('turnOn'))}
          </>
        ) : (
          <>
            <p className="account__state">{t('totpOff')}</p>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => start.mutate()}
              disabled={start.isPending}
              aria-describedby={ids.startProblem}
            >
              {t('setUp')}
            </button>
            {/* A refusal or no connection: said here, and the button tries again. */}
            <p className="account__problem" id={ids.startProblem} role="alert">
              {start.isError ? t('startFailed') : null}
            </p>
          </>
        )}
      </section>
    </AdminDialog>
  )
}
