import { useId } from 'react'
import type { SandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useDecideSbp } from '../api/decide-sbp'
import { sandboxMessages } from '../sandbox-messages'

/** SBP: the QR code and the bank-app link; in the sandbox, buttons answer for the bank app. */
export function SbpPanel({ payment }: { payment: SandboxPayment }) {
  const { t } = useMessages(sandboxMessages)
  const decide = useDecideSbp(payment.ref)
  const titleId = useId()
  const standInId = useId()
  if (!payment.sbp) return null
  // The bank's SVG goes in as an image: markup from the network is never put into the page.
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(payment.sbp.qrSvg)}`
  const failed = decide.isError && !(isApiError(decide.error) && decide.error.status === 409)
  return (
    <>
      <section className="bank-panel" aria-labelledby={titleId}>
        <h2 id={titleId} className="bank-panel__title">
          {t('sbpTitle')}
        </h2>
        <p className="bank-panel__text">{t('sbpText')}</p>
        <img className="bank-sbp__qr" src={qr} alt={t('qrAlt')} width={216} height={216} />
        <a className="bank-btn bank-btn--primary" href={payment.sbp.link}>
          {t('openBankApp')}
        </a>
      </section>
      <section className="bank-panel bank-panel--stand-in" aria-labelledby={standInId}>
        <h2 id={standInId} className="bank-panel__title bank-panel__title--small">
          {t('standInTitle')}
        </h2>
        <p className="bank-panel__text">{t('standInText')}</p>
        {failed ? (
          <p className="bank-form-error" role="alert">
            {t('stepFailed')}
          </p>
        ) : null}
        <div className="bank-panel__actions">
          <button
            type="button"
            className="bank-btn bank-btn--confirm"
            disabled={decide.isPending}
            onClick={() => decide.mutate('confirm')}
          >
            {t('confirmInApp')}
          </button>
          <button
            type="button"
            className="bank-btn bank-btn--quiet"
            disabled={decide.isPending}
            onClick={() => decide.mutate('reject')}
          >
            {t('rejectInApp')}
          </button>
        </div>
      </section>
    </>
  )
}
