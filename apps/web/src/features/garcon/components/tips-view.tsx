import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { garconAlertCreated } from '@tableside/contracts/garcon-alerts'
import { garconTipRated, type GarconTip, type TipsPeriod } from '@tableside/contracts/garcon-tips'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { garconChannel } from '@tableside/contracts/table-events'
import { buttonClass } from '../../../components/ui/button'
import { NoticeCard } from '../../../components/ui/notice-card'
import { PageLoading } from '../../../components/ui/page-loading'
import { AlertIcon } from '../../../components/ui/status-icons'
import { useApiClient } from '../../../lib/app-context'
import { formatPrice } from '../../../lib/format-price'
import { pluralCategory } from '../../../lib/i18n/plural'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'
import { garconTipsQueryKey, garconTipsQueryOptions } from '../api/garcon-tips'
import { useSignedInWaiter } from '../signed-in-waiter'
import { tipTime } from '../tip-time'
import { tipsMessages } from '../tips-messages'
import { TipsIcon } from './garcon-icons'

const PERIODS: readonly TipsPeriod[] = ['today', 'week', 'month']
const TOTAL = { today: 'totalToday', week: 'totalWeek', month: 'totalMonth' } as const
const EMPTY = { today: 'emptyToday', week: 'emptyWeek', month: 'emptyMonth' } as const

const periodOf = (value: string | null): TipsPeriod =>
  value === 'week' || value === 'month' ? value : 'today'

/**
 * The waiter's tips today, this week or this month (the period is in the address, so a reload
 * keeps it): the total in the restaurant's money, then each tip with its table, time on the
 * restaurant's clock, method, and what the diner rated and said. A payment at one of their
 * tables (an alert on their channel) or a diner's rating of a tip brings the list up to date.
 */
export function TipsView({
  restaurant,
}: {
  /** Whose money and clock: the app layer passes the open restaurant in. */
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
}) {
  const { t, language } = useMessages(tipsMessages)
  const api = useApiClient()
  const waiter = useSignedInWaiter()
  const queryClient = useQueryClient()
  const [search, setSearch] = useSearchParams()
  const period = periodOf(search.get('period'))
  const tips = useQuery(garconTipsQueryOptions(api, period))

  const refresh = () => void queryClient.invalidateQueries({ queryKey: garconTipsQueryKey })
  useChannelEvent(garconChannel(waiter.id), garconAlertCreated, (alert) => {
    if (alert.kind === 'payment_received') refresh()
  })
  // A diner rated the service on one of the tips: its stars and words show at once.
  useChannelEvent(garconChannel(waiter.id), garconTipRated, refresh)
  // …and a tip that came between the first read and the subscription, or while offline.
  useResubscribed(garconChannel(waiter.id), refresh)

  const money = (minor: number) => formatPrice(minor, restaurant)
  return (
    <div className="tips">
      <div className="tips-periods" role="group" aria-label={t('periods')}>
        {PERIODS.map((option) => (
          <button
            key={option}
            type="button"
            className="tips-periods__option"
            aria-pressed={option === period}
            onClick={() =>
              setSearch(option === 'today' ? {} : { period: option }, { replace: true })
            }
          >
            {t(option)}
          </button>
        ))}
      </div>
      {tips.data ? (
        <>
          <section className="tips-total card" aria-label={t(TOTAL[period])}>
            <p className="tips-total__label">{t(TOTAL[period])}</p>
            <p className="tips-total__amount">{money(tips.data.total)}</p>
            {tips.data.count > 0 ? (
              <p className="tips-total__count">
                {t(`count_${pluralCategory(tips.data.count, language)}`, {
                  count: tips.data.count,
                })}
              </p>
            ) : null}
          </section>
          {tips.data.tips.length === 0 ? (
            <NoticeCard icon={<TipsIcon size={32} />} title={t('emptyTitle')}>
              <p>{t(EMPTY[period])}</p>
            </NoticeCard>
          ) : (
            <ul className="tip-list">
              {tips.data.tips.map((tip) => (
                <TipRow
                  key={tip.id}
                  tip={tip}
                  time={tipTime(tip.createdAt, period, language, restaurant.timezone)}
                  amount={money(tip.amount)}
                />
              ))}
            </ul>
          )}
          {tips.data.count > tips.data.tips.length ? (
            <p className="tips__listed">
              {t('listed', { shown: tips.data.tips.length, count: tips.data.count })}
            </p>
          ) : null}
        </>
      ) : tips.isError ? (
        <div className="tips__problem" role="alert">
          <AlertIcon size={20} />
          <span>{t('loadFailed')}</span>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void tips.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : (
        <PageLoading label={t('loading')} />
      )}
    </div>
  )
}

function TipRow({ tip, time, amount }: { tip: GarconTip; time: string; amount: string }) {
  const { t } = useMessages(tipsMessages)
  return (
    <li className="tip card">
      <div className="tip__main">
        <p className="tip__table">
          {tip.table ? t('table', { label: tip.table.label }) : t('noTable')}
        </p>
        <p className="tip__meta">
          <time dateTime={tip.createdAt}>{time}</time> · {t(tip.method)}
        </p>
      </div>
      <p className="tip__amount">{amount}</p>
      {tip.rating !== null || tip.comment ? (
        <div className="tip__review">
          {tip.rating !== null ? (
            <p className="tip__rating">
              <span aria-hidden="true">
                {'★'.repeat(tip.rating)}
                <span className="tip__rating-off">{'★'.repeat(5 - tip.rating)}</span>
              </span>
              <span className="visually-hidden">{t('rating', { rating: tip.rating })}</span>
            </p>
          ) : null}
          {tip.comment ? <blockquote className="tip__comment">{tip.comment}</blockquote> : null}
        </div>
      ) : null}
    </li>
  )
}
