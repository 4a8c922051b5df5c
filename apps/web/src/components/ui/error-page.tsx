import { errorTitle, isConnectionProblem, type ErrorPageProps } from '../../lib/error-details'
import { DocumentLanguage, useMessages } from '../../lib/i18n/use-translation'
import { buttonClass } from './button'
import { errorPageMessages } from './error-page-messages'
import { AlertIcon, QrIcon } from './status-icons'
import './error-page.css'

/**
 * The full-page error state (spec §8). Title and message are contract texts and stay in
 * English; in any other language a subtitle right under the title says the same in the
 * person's language, so the frame around the contract texts reads in one language. Works
 * without the router, so start-up failures can show it too.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const { t, language } = useMessages(errorPageMessages)
  if (isConnectionProblem({ status })) return <ConnectionProblem />
  const notFound = status === 404
  const title = errorTitle({ status, message })
  const contractLang = language === 'en' ? undefined : 'en'
  // A server's own message (a 503 "maintenance", say) is not ours to translate.
  const ownTitle = !notFound && message !== undefined && title === message
  return (
    <main className="error-page">
      <DocumentLanguage />
      <title>{`${title} · Tableside`}</title>
      <div className="error-page__card">
        <span className="error-page__icon">
          {notFound ? <QrIcon size={32} /> : <AlertIcon size={32} />}
        </span>
        <p className="error-page__status">{t('status', { status })}</p>
        <h1
          className={`error-page__title${title.length > 48 ? ' error-page__title--long' : ''}`}
          lang={contractLang}
        >
          {title}
        </h1>
        {contractLang && !ownTitle ? (
          <p className="error-page__subtitle">{t(notFound ? 'titleNotFound' : 'titleServer')}</p>
        ) : null}
        {notFound && message ? (
          <p className="error-page__message" lang={contractLang}>
            {message}
          </p>
        ) : null}
        <p className="error-page__explain">{t(notFound ? 'explainNotFound' : 'explain')}</p>
        <div className="error-page__actions">
          {notFound ? null : (
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => location.reload()}
            >
              {t('retry')}
            </button>
          )}
          <a className={buttonClass(notFound ? 'primary' : 'secondary')} href="/">
            {t('home')}
          </a>
        </div>
      </div>
    </main>
  )
}

/**
 * Nothing answered: the restaurant's Wi-Fi dropped, or the server is out of reach. No status
 * to show and nothing in English: it is the diner's connection, said in their language.
 */
function ConnectionProblem() {
  const { t } = useMessages(errorPageMessages)
  const title = t('titleConnection')
  return (
    <main className="error-page">
      <DocumentLanguage />
      <title>{`${title} · Tableside`}</title>
      <div className="error-page__card">
        <span className="error-page__icon">
          <AlertIcon size={32} />
        </span>
        <h1 className="error-page__title">{title}</h1>
        <p className="error-page__explain">{t('explainConnection')}</p>
        <div className="error-page__actions">
          <button
            type="button"
            className={buttonClass('primary')}
            onClick={() => location.reload()}
          >
            {t('retry')}
          </button>
        </div>
      </div>
    </main>
  )
}
