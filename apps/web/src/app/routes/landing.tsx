import { lazy, Suspense, type ReactNode } from 'react'
import { redirect, useLoaderData, useNavigate } from 'react-router'
import type { RestaurantDirectory } from '@tableside/contracts/setup'
import { Link } from '../../components/ui/link'
import { buttonClass } from '../../components/ui/button'
import { BrandLogo } from '../../components/ui/brand-logo'
import { BellIcon, MenuIcon } from '../../components/ui/icons'
import { QrIcon } from '../../components/ui/status-icons'
import { DEMO_RESTAURANT_ID, paths } from '../../config/paths'
import { useRuntimeConfig } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { ensureDirectory } from '../../features/setup/api/restaurant-directory'
import { RestaurantList } from '../../features/setup/components/restaurant-list'
import { saveStaffToken } from '../../features/staff/staff-token-store'
import type { AppDeps } from '../app-deps'
import { LanguageSwitch } from '../layouts/language-switch'
import { landingMessages } from './landing-messages'
import './landing.css'

// The setup and its list of the world's time zones load only on an install that needs them.
const SetupScreen = lazy(async () => ({
  default: (await import('../../features/setup/components/setup-screen')).SetupScreen,
}))

/**
 * `/` (issue 29, decision 0115): the demo's landing page when the demo seed is on; else the
 * first-run setup while there is no restaurant, the only restaurant's menu, or the list of them.
 */
export function landingLoader({ queryClient, api }: Pick<AppDeps, 'queryClient' | 'api'>) {
  return async () => {
    const directory = await ensureDirectory(queryClient, api)
    const [only, ...others] = directory.restaurants
    if (!directory.demo && only && others.length === 0) return redirect(paths.menu(only.id))
    return directory
  }
}

export function LandingRoute() {
  const directory = useLoaderData<RestaurantDirectory>()
  const navigate = useNavigate()
  if (directory.demo) return <DemoLanding />
  return (
    <InstallFrame>
      {directory.setupOpen ? (
        <Suspense fallback={null}>
          <SetupScreen
            onSetUp={({ restaurantId, token, expiresAt }) => {
              saveStaffToken('manager', token, expiresAt)
              void navigate(`/rest/${encodeURIComponent(restaurantId)}/admin`)
            }}
          />
        </Suspense>
      ) : (
        <RestaurantList restaurants={directory.restaurants} menuPath={paths.menu} />
      )}
    </InstallFrame>
  )
}

/** The landing page's bar (brand, language) around its content: the demo's, the setup, the list. */
function InstallFrame({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const { t } = useMessages(landingMessages)
  return (
    <div className="landing">
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
        {children}
      </main>
      {footer}
    </div>
  )
}

const steps = [
  { icon: <QrIcon />, title: 'step1Title', text: 'step1Text' },
  { icon: <MenuIcon />, title: 'step2Title', text: 'step2Text' },
  { icon: <BellIcon />, title: 'step3Title', text: 'step3Text' },
] as const

/** The demo's `/`: what Tableside is and how to start: scan the code on the table, or try the demo. */
function DemoLanding() {
  const { t } = useMessages(landingMessages)
  const { promoSiteUrl } = useRuntimeConfig()
  const footer = (
    <footer className="landing__footer">
      <Link to={paths.garcon(DEMO_RESTAURANT_ID)}>{t('waiter')}</Link>
      {promoSiteUrl ? (
        <a href={promoSiteUrl} rel="noopener">
          {t('about')}
        </a>
      ) : null}
    </footer>
  )
  return (
    <InstallFrame footer={footer}>
      <title>{`${t('name')} · ${t('title')}`}</title>
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
    </InstallFrame>
  )
}
