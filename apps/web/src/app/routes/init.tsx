import { Link, useLocation } from 'react-router'
import { buttonClass } from '../../components/ui/button'
import { ComingSoon } from '../../components/ui/coming-soon'
import { ArrowRightIcon } from '../../components/ui/screen-icons'
import { QrIcon } from '../../components/ui/status-icons'
import { paths } from '../../config/paths'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import { screenMessages } from '../screen-messages'
import './init.css'

const messages = defineMessages({
  en: {
    title: 'Welcome to {restaurant}',
    documentTitle: 'Welcome',
    table: 'You are at table {table}',
    noTable: 'Scan the QR code on your table to join it',
    openMenu: 'Open the menu',
    soon: 'Scanning the code will seat you at your table: everyone at it shares one order list and one bill, and the waiter knows where to bring the food.',
  },
  ru: {
    title: 'Добро пожаловать в {restaurant}',
    documentTitle: 'Добро пожаловать',
    table: 'Вы за столом {table}',
    noTable: 'Отсканируйте QR‑код на столе, чтобы присоединиться к нему',
    openMenu: 'Открыть меню',
    soon: 'Код будет сажать вас за ваш стол: у всех за столом общий список заказов и общий счёт, а официант знает, куда нести блюда.',
  },
})

/** `/init?table=T1`: where the QR code on a table leads. */
export function InitRoute() {
  const restaurant = useRestaurant()
  const restaurantId = useRestaurantId()
  const table = new URLSearchParams(useLocation().search).get('table')?.trim().slice(0, 32) ?? ''
  const { t } = useMessages(messages)
  const screen = useMessages(screenMessages)
  return (
    <Screen title={t('title', { restaurant: restaurant.name })} documentTitle={t('documentTitle')}>
      {table ? (
        <div className="table-card">
          <span className="table-card__code" aria-hidden="true">
            {table}
          </span>
          <p className="table-card__text">{t('table', { table })}</p>
        </div>
      ) : (
        <p className="screen__lead">{t('noTable')}</p>
      )}
      <Link className={buttonClass('primary', { block: true })} to={paths.menu(restaurantId)}>
        {t('openMenu')}
        <ArrowRightIcon size={20} />
      </Link>
      <ComingSoon icon={<QrIcon />} title={screen.t('comingSoon')}>
        {t('soon')}
      </ComingSoon>
    </Screen>
  )
}
