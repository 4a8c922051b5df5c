import { Link } from '../../components/ui/link'
import { buttonClass } from '../../components/ui/button'
import { BrandLogo } from '../../components/ui/brand-logo'
import { BellIcon, MenuIcon } from '../../components/ui/icons'
import { QrIcon } from '../../components/ui/status-icons'
import { DEMO_RESTAURANT_ID, paths } from '../../config/paths'
import { useRuntimeConfig } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { LanguageSwitch } from '../layouts/language-switch'
import { landingMessages } from './landing-messages'
import './landing.css'

const steps = [
  { icon: <QrIcon />, title: 'step1Title', text: 'step1Text' },
  { icon: <MenuIcon />, title: 'step2Title', text: 'step2Text' },
  { icon: <BellIcon />, title: 'step3Title', text: 'step3Text' },
] as const

/** `/`: what Tableside is and how to start: scan the code on the table, or try the demo. */
export function LandingRoute() {
  const { t } = useMessages(landingMessages)
  const { promoSiteUrl } = useRuntimeConfig()
  return (
    <div className="landing">
      <title>{`${t('name')} · ${t('title')}`}</title>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="landing__bar">
        <span className="landing__brand">
          <BrandLogo />
          {t('name')}
        </span>
        <LanguageSwitch />
      </header>
      <main id="main" className="landing__main" tabIndex={-1}>
        <section className="landing__hero">
          <p className="landing__eyebrow">{t('eyebrow')}</p>
          <h1 className="landing__title">{t('title')}</h1>
          <p className="landing__lead">{t('lead')}</p>
        </section>
        <section className="landing__section" aria-labelledby="how">
          <h2 className="landing__section-title" id="how">
            {t('howTitle')}
          </h2>
          <ol className="steps">
            {steps.map((step) => (
              <li key={step.title} className="step">
                <span className="step__icon">{step.icon}</span>
                <h3 className="step__title">{t(step.title)}</h3>
                <p className="step__text">{t(step.text)}</p>
              </li>
            ))}
          </ol>
        </section>
        <section className="demo" aria-labelledby="demo">
          <h2 className="landing__section-title" id="demo">
            {t('demoTitle')}
          </h2>
          <p className="demo__text">{t('demoText')}</p>
          <Link
            className={buttonClass('primary', { block: true })}
            to={paths.menu(DEMO_RESTAURANT_ID)}
          >
            {t('demoMenu')}
          </Link>
        </section>
      </main>
      <footer className="landing__footer">
        <Link to={paths.garcon(DEMO_RESTAURANT_ID)}>{t('waiter')}</Link>
        {promoSiteUrl ? (
          <a href={promoSiteUrl} rel="noopener">
            {t('about')}
          </a>
        ) : null}
      </footer>
    </div>
  )
}
