import { Link } from '../../../components/ui/link'
import { CartIcon } from '../../../components/ui/icons'
import { buttonClass } from '../../../components/ui/button'
import { paths } from '../../../config/paths'
import { useMessages } from '../../../lib/i18n/use-translation'
import { cartMessages } from '../cart-messages'

export function CartEmpty({ restaurantId }: { restaurantId: string }) {
  const { t } = useMessages(cartMessages)
  return (
    <section className="cart-empty">
      <span className="cart-empty__icon">
        <CartIcon size={32} />
      </span>
      <h2 className="cart-empty__title">{t('emptyTitle')}</h2>
      <p className="cart-empty__text">{t('emptyText')}</p>
      <Link to={paths.menu(restaurantId)} className={buttonClass('primary')}>
        {t('toMenu')}
      </Link>
    </section>
  )
}
