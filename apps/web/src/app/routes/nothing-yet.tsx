import type { ReactNode } from 'react'
import { buttonClass } from '../../components/ui/button'
import { Link } from '../../components/ui/link'
import { NoticeCard } from '../../components/ui/notice-card'
import { paths } from '../../config/paths'

interface NothingYetProps {
  restaurantId: string
  icon: ReactNode
  title: string
  text: string
  toMenu: string
}

/** A screen with nothing to show yet (no dishes, no orders, an empty bill): the way to the menu. */
export function NothingYet({ restaurantId, icon, title, text, toMenu }: NothingYetProps) {
  return (
    <NoticeCard
      icon={icon}
      title={title}
      actions={
        <Link className={buttonClass('primary')} to={paths.menu(restaurantId)}>
          {toMenu}
        </Link>
      }
    >
      <p>{text}</p>
    </NoticeCard>
  )
}
