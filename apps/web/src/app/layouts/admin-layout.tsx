import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react'
import type { AdminMe } from '@tableside/contracts/staff'
import { SmsBudgetWarning } from '../../features/admin-settings/components/sms-budget-warning'
import { AccountDialog } from '../../features/staff/components/account-dialog'
import { useLocation, useParams } from 'react-router'
import { PageLoading } from '../../components/ui/page-loading'
import { Link } from '../../components/ui/link'
import { useManagerSession, useStaffSignOut } from '../../features/staff/api/staff-session'
import { StaffFrame } from '../../features/staff/components/staff-frame'
import { SignedInManagerContext } from '../../features/staff/signed-in-staff'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { adminMessages } from './admin-messages'
import { LanguageSwitch } from './language-switch'
import { SECTIONS, type AdminSection } from './admin-sections'

/** A section's screen, loaded when first opened: each is its own chunk. */
const section = <Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) => lazy(async () => ({ default: (await load())[name] }))

const screens: Record<AdminSection, ComponentType> = {
  live: section(() => import('../routes/admin-live'), 'AdminLiveRoute'),
  menu: section(() => import('../routes/admin-menu'), 'AdminMenuRoute'),
  stations: section(() => import('../routes/admin-stations'), 'AdminStationsRoute'),
  tables: section(() => import('../routes/admin-tables'), 'AdminTablesRoute'),
  staff: section(() => import('../routes/admin-staff'), 'AdminStaffRoute'),
  settings: section(() => import('../routes/admin-settings'), 'AdminSettingsRoute'),
  reports: section(() => import('../routes/admin-reports'), 'AdminReportsRoute'),
  audit: section(() => import('../routes/admin-audit'), 'AdminAuditRoute'),
}
const NotFound = section(() => import('../routes/admin-section'), 'SectionNotFound')

/** The sections' names, to tell one from a path that is none. */
const isSection = (name: string): name is AdminSection =>
  (SECTIONS as readonly string[]).includes(name)

export function AdminLayout() {
  const restaurantId = useRestaurantId()
  const restaurant = useRestaurant()
  const session = useManagerSession()
  return (
    <StaffFrame
      role="manager"
      restaurantId={restaurantId}
      restaurantName={restaurant.name}
      session={session}
      languageSwitch={<LanguageSwitch />}
    >
      {(manager) => (
        <SignedInManagerContext value={manager}>
          <AdminShell
            restaurantId={restaurantId}
            restaurantName={restaurant.name}
            timeZone={restaurant.timezone}
            manager={manager}
          >
            <AdminSections />
          </AdminShell>
        </SignedInManagerContext>
      )}
    </StaffFrame>
  )
}

/**
 * The section the path below `admin/` names (none: "live"), drawn without routes of its own:
 * the app's router holds only the one `admin/*` route, and React Router's nested routing
 * would add to every diner's first load.
 */
function AdminSections() {
  const { t } = useMessages(adminMessages)
  const rest = useParams()['*'] ?? ''
  const name = rest.replace(/\/$/, '') || 'live'
  const Screen = isSection(name) ? screens[name] : NotFound
  return (
    <Suspense fallback={<PageLoading label={t('loading')} />}>
      <Screen />
    </Suspense>
  )
}

function AdminShell({
  restaurantId,
  restaurantName,
  timeZone,
  manager,
  children,
}: {
  restaurantId: string
  restaurantName: string
  timeZone: string
  manager: AdminMe
  children: ReactNode
}) {
  const [account, setAccount] = useState(false)
  const { t } = useMessages(adminMessages)
  const signOut = useStaffSignOut('manager')
  const base = `/rest/${encodeURIComponent(restaurantId)}/admin`
  const here = useLocation().pathname.replace(/\/$/, '')
  const nav = useRef<HTMLElement>(null)
  const main = useRef<HTMLElement>(null)
  const shown = useRef(here)
  // On a phone the sections scroll sideways: keep the current one in sight.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    // Another section: the keyboard and the screen reader go on from its content, not from the
    // link in the nav (nothing moves on the first screen, which the page load announces).
    if (shown.current !== here) {
      shown.current = here
      main.current?.focus({ preventScroll: true })
      window.scrollTo({ top: 0 })
    }
  }, [here])
  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="admin__bar">
        <div className="admin__brand">
          <span className="admin__place">{restaurantName}</span>
          <span className="admin__area">{t('area')}</span>
        </div>
        <div className="admin__who">
          <LanguageSwitch />
          <button
            type="button"
            className="admin__name"
            aria-label={t('account', { name: manager.name })}
            onClick={() => setAccount(true)}
          >
            {manager.name}
          </button>
          <button
            type="button"
            className="admin__sign-out"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
          >
            {t('signOut')}
          </button>
        </div>
      </header>
      <nav ref={nav} className="admin__nav" aria-label={t('sections')}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section}>
              <SectionLink to={section === 'live' ? base : `${base}/${section}`} here={here}>
                {t(section)}
              </SectionLink>
            </li>
          ))}
          <li className="admin__nav-extra">
            <a className="admin__link" href={`/rest/${encodeURIComponent(restaurantId)}/kitchen`}>
              {t('kitchen')}
            </a>
          </li>
        </ul>
      </nav>
      <main ref={main} className="admin__main" id="main" tabIndex={-1}>
        <SmsBudgetWarning settingsPath={`${base}/settings`} />
        {children}
      </main>
      {account ? (
        <AccountDialog manager={manager} timeZone={timeZone} onClose={() => setAccount(false)} />
      ) : null}
    </div>
  )
}

function SectionLink({ to, here, children }: { to: string; here: string; children: ReactNode }) {
  const current = here === to || (!to.endsWith('/admin') && here.startsWith(`${to}/`))
  return (
    <Link to={to} className="admin__link" aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  )
}
