import { useEffect } from 'react'
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router'
import { Link } from '../../components/ui/link'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../components/ui/button'
import { ArrowRightIcon } from '../../components/ui/screen-icons'
import { paths } from '../../config/paths'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { joinTable, type TableJoin } from '../../features/table-session/api/open-table-session'
import { useMessages } from '../../lib/i18n/use-translation'
import type { AppDeps } from '../app-deps'
import { Screen } from '../screen'
import { initMessages } from './init-messages'
import { TableProblem } from './init-problem'
import './init.css'

/** How long the table's welcome stays before the menu opens by itself. */
export const WELCOME_MS = 2500

/** Opens or joins the table's session by the QR link's `?table=` token before the screen shows. */
export function initLoader({ api }: Pick<AppDeps, 'api'>) {
  return ({ params, request }: LoaderFunctionArgs): Promise<TableJoin> =>
    joinTable(
      api,
      params.restaurant_id ?? '',
      new URL(request.url).searchParams.get('table'),
      request.signal,
    )
}

/** `/init?table={token}`: where the QR code on a table leads. */
export function InitRoute() {
  const restaurant = useRestaurant()
  const join = useLoaderData<ReturnType<typeof initLoader>>()
  const { t } = useMessages(initMessages)
  return (
    <Screen title={t('title', { restaurant: restaurant.name })} documentTitle={t('documentTitle')}>
      {join.kind === 'joined' ? (
        <TableWelcome key={join.session.id} label={join.session.table.label} />
      ) : (
        <TableProblem join={join} orderTypes={orderTypesElsewhere(restaurant)} />
      )}
    </Screen>
  )
}

const orderTypesElsewhere = (restaurant: Restaurant) =>
  restaurant.settings.orderTypes.filter((type) => type === 'delivery' || type === 'pickup')

function TableWelcome({ label }: { label: string }) {
  const restaurantId = useRestaurantId()
  const navigate = useNavigate()
  const { t } = useMessages(initMessages)
  const menu = paths.menu(restaurantId)
  useEffect(() => {
    const timer = setTimeout(() => void navigate(menu, { replace: true }), WELCOME_MS)
    return () => clearTimeout(timer)
  }, [navigate, menu])
  return (
    <>
      <section className="table-card" aria-live="polite">
        <span className="table-card__code" aria-hidden="true">
          {label}
        </span>
        <div className="table-card__body">
          <p className="table-card__title">{t('table', { table: label })}</p>
          <p className="table-card__text">{t('joined')}</p>
        </div>
      </section>
      <div className="init__progress" aria-hidden="true">
        <span className="init__progress-bar" style={{ animationDuration: `${WELCOME_MS}ms` }} />
      </div>
      <Link className={buttonClass('primary', { block: true })} to={menu} replace>
        {t('openMenu')}
        <ArrowRightIcon size={20} />
      </Link>
    </>
  )
}
