import { useMatch } from 'react-router'
import { Link } from '../../components/ui/link'
import { BrandLogo } from '../../components/ui/brand-logo'
import { UserIcon } from '../../components/ui/icons'
import { paths } from '../../config/paths'
import { useMessages } from '../../lib/i18n/use-translation'
import { LanguageSwitch } from './language-switch'
import { layoutMessages } from './layout-messages'
import './app-header.css'

export type Area = 'diner' | 'garcon'

interface AppHeaderProps {
  restaurantId: string
  restaurantName: string
  area: Area
}

export function AppHeader({ restaurantId, restaurantName, area }: AppHeaderProps) {
  const { t } = useMessages(layoutMessages)
  const home = area === 'garcon' ? paths.garcon(restaurantId) : paths.menu(restaurantId)
  const onProfile = useMatch(paths.client(restaurantId)) !== null
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to={home} className="app-header__brand">
          <BrandLogo />
          <span className="app-header__titles">
            <span className="app-header__name">{restaurantName}</span>
            {area === 'garcon' ? <span className="app-header__tag">{t('garcon')}</span> : null}
          </span>
        </Link>
        <LanguageSwitch />
        {area === 'diner' ? (
          <Link
            to={paths.client(restaurantId)}
            className="icon-button"
            aria-label={t('profile')}
            aria-current={onProfile ? 'page' : undefined}
          >
            <UserIcon />
          </Link>
        ) : null}
      </div>
    </header>
  )
}
