import type { ReactNode } from 'react'
import { Link } from '../../../components/ui/link'
import { UserIcon } from '../../../components/ui/icons'
import { TipsIcon } from './garcon-icons'
import { ArrowRightIcon, ListCheckIcon } from '../../../components/ui/screen-icons'
import { useMessages } from '../../../lib/i18n/use-translation'
import { garconMessages } from '../garcon-messages'
import '../../../components/ui/card.css'
import './garcon-home.css'

interface GarconHomeProps {
  tablesHref: string
  tipsHref: string
  profileHref: string
}

/** Where the waiter goes from the start of a shift. */
export function GarconHome({ tablesHref, tipsHref, profileHref }: GarconHomeProps) {
  const { t } = useMessages(garconMessages)
  return (
    <ul className="garcon-home">
      <HomeLink
        href={tablesHref}
        icon={<ListCheckIcon />}
        title={t('homeTables')}
        hint={t('homeTablesHint')}
      />
      <HomeLink
        href={tipsHref}
        icon={<TipsIcon />}
        title={t('homeTips')}
        hint={t('homeTipsHint')}
      />
      <HomeLink
        href={profileHref}
        icon={<UserIcon />}
        title={t('homeProfile')}
        hint={t('homeProfileHint')}
      />
    </ul>
  )
}

interface HomeLinkProps {
  href: string
  icon: ReactNode
  title: string
  hint: string
}

function HomeLink({ href, icon, title, hint }: HomeLinkProps) {
  return (
    <li>
      <Link to={href} className="card garcon-home__link">
        <span className="garcon-home__icon">{icon}</span>
        <span className="garcon-home__text">
          <span className="garcon-home__title">{title}</span>
          <span className="garcon-home__hint">{hint}</span>
        </span>
        <ArrowRightIcon size={20} className="garcon-home__arrow" />
      </Link>
    </li>
  )
}
