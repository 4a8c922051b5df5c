import { useQuery } from '@tanstack/react-query'
import type { SyntheticEvent } from 'react'
import { useSearchParams } from 'react-router'
import { REPORT_MAX_DAYS, type DayReport } from '@tableside/contracts/admin-reports'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { ApiError } from '../../../lib/api-error'
import { useApiClient } from '../../../lib/app-context'
import { formatNumber, formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages, type Translate } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantDay } from '../../../lib/restaurant-time'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { adminReportsMessages } from '../admin-reports-messages'
import { adminReportQueryOptions, useReportCsvDownload } from '../api/admin-report'
import { presetRange, type RangePreset } from '../report-dates'
import { BarList } from './bar-list'
import { DayChart } from './day-chart'

type Money = Pick<Restaurant, 'locale' | 'currency'>
type Key = Parameters<Translate<keyof (typeof adminReportsMessages)['en']>>[0]
const PRESETS: readonly RangePreset[] = ['today', 'yesterday', 'week', 'month']
const DATE = /^\d{4}-\d{2}-\d{2}$/

/** What is wrong with a range the server refused (it checks the same). */
function rangeProblem(from: string, to: string): 'rangeBackwards' | 'rangeTooLong' | undefined {
  if (to < from) return 'rangeBackwards'
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1
  return days > REPORT_MAX_DAYS ? 'rangeTooLong' : undefined
}

/** `/admin/reports`: a range of days (in the URL), its numbers and charts, and the CSV. */
export function ReportView({
  restaurant,
}: {
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
}) {
  const { t, language } = useMessages(adminReportsMessages)
  const reason = useStaffErrorText()
  const api = useApiClient()
  const [params, setParams] = useSearchParams()
  const today = restaurantDay(new Date(), restaurant.timezone)
  const from = DATE.test(params.get('from') ?? '') ? (params.get('from') ?? today) : today
  const to = DATE.test(params.get('to') ?? '') ? (params.get('to') ?? today) : today
  const report = useQuery(adminReportQueryOptions(api, { from, to }))
  const download = useReportCsvDownload()

  const choose = (range: { from: string; to: string }) => setParams(range, { replace: true })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => {
      const entry = form.get(name)
      return typeof entry === 'string' ? entry : ''
    }
    choose({ from: value('from'), to: value('to') })
  }
  const badRange = report.error instanceof ApiError && report.error.status === 400

  return (
    <div className="day-report">
      <form className="day-report__range" onSubmit={submit} key={`${from}|${to}`}>
        <label className="day-field">
          <span>{t('from')}</span>
          <input type="date" name="from" defaultValue={from} required />
        </label>
        <label className="day-field">
          <span>{t('to')}</span>
          <input type="date" name="to" defaultValue={to} required />
        </label>
        <button type="submit" className={buttonClass('primary')}>
          {t('show')}
        </button>
        <div className="day-report__presets" role="group" aria-label={t('filters')}>
          {PRESETS.map((preset) => {
            const range = presetRange(preset, today)
            const current = range.from === from && range.to === to
            return (
              <button
                key={preset}
                type="button"
                className="day-chip"
                aria-pressed={current}
                onClick={() => choose(range)}
              >
                {t(preset)}
              </button>
            )
          })}
        </div>
        <button
          type="button"
          className={`${buttonClass('secondary')} day-report__csv`}
          onClick={() => {
            download.mutate({ range: { from, to }, language })
          }}
          disabled={download.isPending || !report.data}
        >
          {download.isPending ? t('downloading') : t('downloadCsv')}
        </button>
      </form>
      {download.isError ? (
        <p role="alert" className="day-error">
          {t('downloadFailed', { reason: reason(download.error) })}
        </p>
      ) : null}
      {badRange ? (
        <p role="alert" className="day-error">
          {t(rangeProblem(from, to) ?? 'rangeInvalid')}
        </p>
      ) : report.isError ? (
        <p role="alert" className="day-error">
          {t('loadFailed')}{' '}
          <button type="button" className="day-chip" onClick={() => void report.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : null}
      {report.data ? (
        <ReportNumbers report={report.data} money={restaurant} t={t} language={language} />
      ) : report.isPending ? (
        <p className="day-muted">{t('loading')}</p>
      ) : null}
    </div>
  )
}

function ReportNumbers({
  report,
  money,
  t,
  language,
}: {
  report: DayReport
  money: Money
  t: Translate<Key>
  language: 'ru' | 'en'
}) {
  const price = (minor: number) => formatPrice(minor, money)
  const empty =
    report.orders.count === 0 && report.orders.cancelled === 0 && report.tips.count === 0
  return (
    <>
      <dl className="day-kpis">
        <div className="day-kpi">
          <dt>{t('revenue')}</dt>
          <dd className="day-kpi__value">{price(report.revenue.total)}</dd>
          <dd className="day-kpi__note">
            {t('revenueNote', {
              gross: price(report.revenue.gross),
              refunded: price(report.refunds.total),
              count: report.refunds.orders,
            })}
          </dd>
        </div>
        <div className="day-kpi">
          <dt>{t('ordersCount')}</dt>
          <dd className="day-kpi__value">{report.orders.count}</dd>
          <dd className="day-kpi__note">{t('cancelled', { count: report.orders.cancelled })}</dd>
        </div>
        <div className="day-kpi">
          <dt>{t('averageBill')}</dt>
          <dd className="day-kpi__value">{price(report.orders.averageBill)}</dd>
          <dd className="day-kpi__note">{t('averageNote', { count: report.orders.paid })}</dd>
        </div>
        <div className="day-kpi">
          <dt>{t('tips')}</dt>
          <dd className="day-kpi__value">{price(report.tips.total)}</dd>
          <dd className="day-kpi__note">{t('tipsCount', { count: report.tips.count })}</dd>
        </div>
      </dl>
      {empty ? <p className="day-muted">{t('nothing')}</p> : null}
      <section className="day-panel day-panel--wide" aria-labelledby="report-days">
        <h2 id="report-days">{t('byDay')}</h2>
        <DayChart
          title={t('byDay')}
          locale={dateLocale(language)}
          columns={report.days.map((day) => ({
            date: day.date,
            value: day.revenue,
            label: `${price(day.revenue)} · ${day.orders}`,
          }))}
        />
      </section>
      <div className="day-report__grid">
        <section className="day-panel" aria-labelledby="report-methods">
          <h2 id="report-methods">{t('byMethod')}</h2>
          <BarList
            title={t('byMethod')}
            rows={report.revenue.byMethod.map((row) => ({
              key: row.method,
              label: t(`method_${row.method}`),
              value: row.amount,
              text:
                row.refunded > 0
                  ? t('refundedOf', { net: price(row.amount), refunded: price(row.refunded) })
                  : price(row.amount),
            }))}
          />
          <p className="day-muted">
            {t('pointsSpent', { amount: price(report.revenue.pointsSpent) })}
            <br />
            {t('outstanding', { amount: price(report.revenue.outstanding) })}
          </p>
        </section>
        <section className="day-panel" aria-labelledby="report-refunds">
          <h2 id="report-refunds">{t('refundsTitle')}</h2>
          {report.refunds.total === 0 ? (
            <p className="day-muted">{t('nothing')}</p>
          ) : (
            <BarList
              title={t('refundsTitle')}
              rows={[
                ...report.refunds.byMethod.map((row) => ({
                  key: row.method,
                  label: t(`method_${row.method}`),
                  value: row.amount,
                  text: `${price(row.amount)} · ${row.orders}`,
                })),
                ...report.refunds.byReason.map((row) => ({
                  key: `${row.kind}:${row.reason ?? ''}`,
                  label:
                    row.reason === null
                      ? t(`kind_${row.kind}`)
                      : t('reasonWith', { kind: t(`kind_${row.kind}`), reason: row.reason }),
                  value: row.amount,
                  text: `${price(row.amount)} · ${row.orders}`,
                })),
              ]}
            />
          )}
          {report.refunds.pointsReturned + report.refunds.pointsTakenBack > 0 && (
            <p className="day-muted">
              {t('pointsBack', {
                returned: report.refunds.pointsReturned,
                takenBack: report.refunds.pointsTakenBack,
              })}
            </p>
          )}
        </section>
        <section className="day-panel" aria-labelledby="report-types">
          <h2 id="report-types">{t('byType')}</h2>
          <BarList
            title={t('byType')}
            rows={report.orders.byType.map((row) => ({
              key: row.type,
              label: t(`type_${row.type}`),
              value: row.count,
              text: `${row.count} · ${price(row.total)}`,
            }))}
          />
        </section>
        <section className="day-panel" aria-labelledby="report-tips">
          <h2 id="report-tips">{t('tipsByWaiter')}</h2>
          {report.tips.byWaiter.length === 0 ? (
            <p className="day-muted">{t('nothing')}</p>
          ) : (
            <table className="day-table">
              <thead>
                <tr>
                  <th scope="col">{t('waiter')}</th>
                  <th scope="col">{t('count')}</th>
                  <th scope="col">{t('rating')}</th>
                  <th scope="col">{t('refunded')}</th>
                  <th scope="col">{t('amount')}</th>
                </tr>
              </thead>
              <tbody>
                {report.tips.byWaiter.map((row) => (
                  <tr key={row.waiter?.id ?? 'pool'}>
                    <td>{row.waiter?.name ?? t('pool')}</td>
                    <td>{row.count}</td>
                    <td>
                      {row.averageRating === null ? '—' : formatNumber(row.averageRating, language)}
                    </td>
                    <td>{row.refunded > 0 ? `−${price(row.refunded)}` : '—'}</td>
                    <td>{price(row.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="day-panel" aria-labelledby="report-dishes">
          <h2 id="report-dishes">{t('topDishes')}</h2>
          <BarList
            title={t('topDishes')}
            rows={report.topDishes.map((row) => ({
              key: row.dishId,
              label: localized(row.name, language),
              value: row.quantity,
              text: `${row.quantity} · ${price(row.revenue)}`,
            }))}
          />
        </section>
      </div>
    </>
  )
}
