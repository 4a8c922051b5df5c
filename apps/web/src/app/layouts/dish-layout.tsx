import { Outlet, useLocation, useNavigate } from 'react-router'
import { ChevronLeftIcon } from '../../components/ui/screen-icons'
import { paths } from '../../config/paths'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { dishLayoutMessages } from './dish-layout-messages'
import './dish-layout.css'

/** The `dish` layout (spec §2): the dish fills the screen, with only a way back. */
export function DishLayout() {
  const restaurantId = useRestaurantId()
  const navigate = useNavigate()
  const location = useLocation()
  const { t } = useMessages(dishLayoutMessages)
  // Opened from a shared link there is no page to go back to: go to the menu instead.
  const goBack = () =>
    void (location.key === 'default' ? navigate(paths.menu(restaurantId)) : navigate(-1))
  return (
    <div className="dish-layout">
      <button
        type="button"
        className="dish-layout__back"
        aria-label={t('backToMenu')}
        onClick={goBack}
      >
        <ChevronLeftIcon />
      </button>
      <main id="main" className="dish-layout__main" tabIndex={-1} data-layout="dish">
        <Outlet />
      </main>
    </div>
  )
}
