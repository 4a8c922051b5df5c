import type { RestaurantListing } from '@tableside/contracts/setup'
import { Link } from '../../../components/ui/link'
import { useMessages } from '../../../lib/i18n/use-translation'
import { directoryMessages } from '../setup-messages'
import '../setup.css'

/** `/` on an install with several restaurants: each by name (and logo), to its menu. */
export function RestaurantList({
  restaurants,
  menuPath,
}: {
  restaurants: readonly RestaurantListing[]
  menuPath: (restaurantId: string) => string
}) {
  const { t } = useMessages(directoryMessages)
  return (
    <section className="directory" aria-labelledby="directory-title">
      <title>{t('documentTitle')}</title>
      <h1 className="setup__title" id="directory-title">
        {t('title')}
      </h1>
      <p className="setup__lead">{t('lead')}</p>
      <ul className="directory__list">
        {restaurants.map((restaurant) => (
          <li key={restaurant.id}>
            <Link className="directory__item" to={menuPath(restaurant.id)}>
              {restaurant.logo ? (
                <img
                  className="directory__logo"
                  src={restaurant.logo.url}
                  alt=""
                  width={48}
                  height={48}
                  style={{ background: restaurant.logo.color }}
                />
              ) : (
                <span className="directory__logo directory__logo--initial" aria-hidden="true">
                  {restaurant.name.slice(0, 1)}
                </span>
              )}
              <span className="directory__name">{restaurant.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
