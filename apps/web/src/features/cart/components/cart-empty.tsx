import { Link } from '../../../components/ui/link'
import { CartIcon } from '../../../components/ui/icons'
import { buttonClass } from '../../../components/ui/button'
import { NoticeCard } from '../../../components/ui/notice-card'
import { paths } from '../../../config/paths'
import { useMessages } from '../../../lib/i18n/use-translation'
import { cartMessages } from '../cart-messages'

export function CartEmpty({ restaurantId }: { restaurantId: string }) {
  const { t } = useMessages(cartMessages)
  return (
    <NoticeCard
      icon={<CartIcon size={32} />}
      title={t('emptyTitle')}
      actions={
        <Link to={paths.menu(restaurantId)} className={buttonClass('primary')}>
          {t('toMenu')}
        </Link>
      }
    >
      <p>{t('emptyText')}</p>
    </NoticeCard>
  )
}
