import { buttonClass } from '../../../components/ui/button'
import { Link } from '../../../components/ui/link'
import { NoticeCard } from '../../../components/ui/notice-card'
import { HeartIcon } from '../../../components/ui/screen-icons'
import { paths } from '../../../config/paths'
import { useMessages } from '../../../lib/i18n/use-translation'
import { favouritesMessages } from '../favourites-messages'

/** Nothing saved yet: what the heart does, and the way to the menu where it is. */
export function FavouritesEmpty({ restaurantId }: { restaurantId: string }) {
  const { t } = useMessages(favouritesMessages)
  return (
    <NoticeCard
      icon={<HeartIcon size={32} />}
      title={t('emptyTitle')}
      actions={
        <Link to={paths.menu(restaurantId)} className={buttonClass('primary')}>
          {t('toMenu')}
        </Link>
      }
    >
      <p>{t('emptyText')}</p>
      <p className="favourites__kept">{t('kept')}</p>
    </NoticeCard>
  )
}
