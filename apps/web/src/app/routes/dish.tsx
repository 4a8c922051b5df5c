import { useParams } from 'react-router'
import { ComingSoon } from '../../components/ui/coming-soon'
import { MenuIcon } from '../../components/ui/icons'
import { DishIcon } from '../../components/ui/screen-icons'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { screenMessages } from '../screen-messages'
import './dish.css'

const messages = defineMessages({
  en: {
    title: 'Dish {id}',
    soon: 'Every dish gets its own page: a large photo, description, portion size, allergens, add-ons to choose from and an Add to cart button.',
  },
  ru: {
    title: 'Блюдо {id}',
    soon: 'У каждого блюда будет своя страница: большое фото, описание, размер порции, аллергены, добавки на выбор и кнопка «В\u00a0корзину».',
  },
})

/** `/dishes/:id`, in the full-bleed `dish` layout. */
export function DishRoute() {
  const restaurant = useRestaurant()
  const { id = '' } = useParams()
  const { t } = useMessages(messages)
  const screen = useMessages(screenMessages)
  const title = t('title', { id })
  return (
    <article className="dish">
      <title>{screen.t('pageTitle', { page: title, place: restaurant.name })}</title>
      <div className="dish__hero">
        <DishIcon size={112} strokeWidth={1.2} />
      </div>
      <div className="dish__sheet">
        <p className="dish__place">{restaurant.name}</p>
        <h1 className="dish__title">{title}</h1>
        <ComingSoon icon={<MenuIcon />} title={screen.t('comingSoon')}>
          {t('soon')}
        </ComingSoon>
      </div>
    </article>
  )
}
