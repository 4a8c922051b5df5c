import { useNavigation, useRevalidator } from 'react-router'
import { Link } from '../../components/ui/link'
import type { OrderType } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../components/ui/button'
import { AlertIcon, QrIcon, RefreshIcon } from '../../components/ui/status-icons'
import { paths } from '../../config/paths'
import { useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import type { TableJoin } from '../../features/table-session/api/open-table-session'
import { useMessages } from '../../lib/i18n/use-translation'
import { initMessages } from './init-messages'

interface TableProblemProps {
  join: Exclude<TableJoin, { kind: 'joined' }>
  /** Delivery and pickup, as far as the restaurant takes them. */
  orderTypes: readonly OrderType[]
}

/** No table to join: say why, and offer what works without one. */
export function TableProblem({ join, orderTypes }: TableProblemProps) {
  const restaurantId = useRestaurantId()
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const retrying = revalidator.state === 'loading' || navigation.state === 'loading'
  const { t } = useMessages(initMessages)
  const [title, text] = {
    'no-table': [t('noTableTitle'), t('noTableText')],
    'outdated-link': [t('outdatedTitle'), t('outdatedText')],
    'replaced-qr': [t('replacedTitle'), t('replacedText')],
    'disabled-table': [t('disabledTitle'), t('disabledText')],
    failed: [t('failedTitle'), t('failedText')],
  }[join.kind]
  const scan = join.kind !== 'disabled-table' && join.kind !== 'failed'
  return (
    <>
      <section className="init-problem" aria-labelledby="init-problem-title">
        <span
          className="init-problem__icon"
          data-tone={join.kind === 'no-table' ? 'calm' : 'alert'}
        >
          {scan ? <QrIcon size={28} /> : <AlertIcon size={28} />}
        </span>
        <h2 className="init-problem__title" id="init-problem-title">
          {title}
        </h2>
        <p className="init-problem__text">{text}</p>
        {join.kind === 'failed' ? (
          <button
            type="button"
            className={buttonClass('primary', { block: true })}
            disabled={retrying}
            aria-busy={retrying}
            onClick={() => void revalidator.revalidate()}
          >
            <RefreshIcon size={20} />
            {t('retry')}
          </button>
        ) : null}
      </section>
      {orderTypes.length > 0 ? (
        <section className="init-elsewhere" aria-labelledby="init-elsewhere-title">
          <h2 className="init-elsewhere__title" id="init-elsewhere-title">
            {t('elsewhere')}
          </h2>
          <div className="init-elsewhere__options">
            {orderTypes.map((type) => (
              <Link
                key={type}
                className={buttonClass('secondary', { block: true })}
                to={`${paths.checkout(restaurantId)}?type=${type}`}
              >
                {type === 'delivery' ? t('delivery') : t('pickup')}
              </Link>
            ))}
          </div>
        </section>
      ) : null}
      <Link className="init__menu-link" to={paths.menu(restaurantId)}>
        {t('browseMenu')}
      </Link>
    </>
  )
}
