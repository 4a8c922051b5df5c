import { Link } from '../../components/ui/link'
import { buttonClass } from '../../components/ui/button'
import { UserIcon } from '../../components/ui/icons'
import { ClockIcon, HeartIcon } from '../../components/ui/screen-icons'
import { paths } from '../../config/paths'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { ComingSoonScreen } from '../screen'

const messages = defineMessages({
  en: {
    title: 'Profile',
    soon: 'Sign in with your phone number to keep your favourites, your order history and your bonus card.',
    signIn: 'Sign in',
    favorites: 'Favourites',
    history: 'Order history',
  },
  ru: {
    title: 'Профиль',
    soon: 'Войдите по номеру телефона, чтобы сохранять избранное, историю заказов и бонусную карту.',
    signIn: 'Войти',
    favorites: 'Избранное',
    history: 'История заказов',
  },
})

export function ClientRoute() {
  const restaurantId = useRestaurantId()
  const { t } = useMessages(messages)
  const secondary = buttonClass('secondary', { block: true })
  return (
    <ComingSoonScreen
      title={t('title')}
      icon={<UserIcon />}
      text={t('soon')}
      actions={
        <>
          <Link
            className={buttonClass('primary', { block: true })}
            to={paths.clientAuth(restaurantId)}
          >
            {t('signIn')}
          </Link>
          <Link className={secondary} to={paths.favorites(restaurantId)}>
            <HeartIcon size={20} />
            {t('favorites')}
          </Link>
          <Link className={secondary} to={paths.history(restaurantId)}>
            <ClockIcon size={20} />
            {t('history')}
          </Link>
        </>
      }
    />
  )
}
