import type { DayReport } from '@tableside/contracts/admin-reports'
import { csvDocument } from '../../lib/csv'

type Language = 'ru' | 'en'

const WORDS = {
  ru: {
    title: 'Отчёт',
    period: 'Период',
    currency: 'Валюта',
    timezone: 'Часовой пояс',
    section: 'Раздел',
    revenue: 'Выручка',
    total: 'Итого',
    orders: 'Заказы',
    amount: 'Сумма',
    method: 'Способ оплаты',
    methods: { cash: 'Наличные', card: 'Карта', sbp: 'СБП' },
    points: 'Оплачено баллами',
    gross: 'Поступило',
    refunded: 'Возвращено',
    refunds: 'Возвраты',
    way: 'Способ или причина',
    pointsReturned: 'Баллы возвращены на карты (баллов)',
    pointsTakenBack: 'Начисленные баллы списаны (баллов)',
    kinds: {
      cancel: 'Отмена заказа',
      overpaid: 'Оплата сверх суммы',
      part: 'Возврат части заказа',
      comp: 'За счёт заведения',
    },
    paid: 'Оплачено полностью',
    outstanding: 'Не оплачено',
    cancelled: 'Отменено',
    averageBill: 'Средний чек',
    type: 'Тип заказа',
    types: { dine_in: 'В зале', delivery: 'Доставка', pickup: 'Самовывоз', preorder: 'Предзаказ' },
    tips: 'Чаевые',
    waiter: 'Официант',
    pool: 'Общие (стол без официанта)',
    count: 'Количество',
    rating: 'Средняя оценка',
    dishes: 'Топ блюд',
    dish: 'Блюдо',
    quantity: 'Порций',
    days: 'По дням',
    date: 'Дата',
  },
  en: {
    title: 'Report',
    period: 'Period',
    currency: 'Currency',
    timezone: 'Time zone',
    section: 'Section',
    revenue: 'Revenue',
    total: 'Total',
    orders: 'Orders',
    amount: 'Amount',
    method: 'Payment method',
    methods: { cash: 'Cash', card: 'Card', sbp: 'SBP' },
    points: 'Paid with points',
    gross: 'Received',
    refunded: 'Refunded',
    refunds: 'Refunds',
    way: 'Way or reason',
    pointsReturned: 'Points given back to cards (points)',
    pointsTakenBack: 'Earned points taken back (points)',
    kinds: {
      cancel: 'Order cancelled',
      overpaid: 'Paid over the amount',
      part: 'Part of the order refunded',
      comp: 'On the house',
    },
    paid: 'Paid in full',
    outstanding: 'Unpaid',
    cancelled: 'Cancelled',
    averageBill: 'Average bill',
    type: 'Order type',
    types: { dine_in: 'Dine-in', delivery: 'Delivery', pickup: 'Pickup', preorder: 'Pre-order' },
    tips: 'Tips',
    waiter: 'Waiter',
    pool: 'Pool (no waiter at the table)',
    count: 'Count',
    rating: 'Average rating',
    dishes: 'Top dishes',
    dish: 'Dish',
    quantity: 'Portions',
    days: 'By day',
    date: 'Date',
  },
} as const

/**
 * The report as CSV the way a spreadsheet in that language opens it (decision 0073, `lib/csv`):
 * Russian with a decimal comma, English with a point.
 */
export function reportCsv(report: DayReport, language: Language): string {
  const words = WORDS[language]
  const fraction =
    new Intl.NumberFormat('en', { style: 'currency', currency: report.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  const money = (minor: number) => {
    const text = (minor / 10 ** fraction).toFixed(fraction)
    return language === 'ru' ? text.replace('.', ',') : text
  }
  const rows: (string | number)[][] = [
    [words.title, `${report.from} — ${report.to}`],
    [words.timezone, report.timezone],
    [words.currency, report.currency],
    [],
    [words.revenue, words.method, words.amount, words.orders, words.gross, words.refunded],
    ...report.revenue.byMethod.map((row) => [
      words.revenue,
      words.methods[row.method],
      money(row.amount),
      row.orders,
      money(row.gross),
      money(row.refunded),
    ]),
    [
      words.revenue,
      words.total,
      money(report.revenue.total),
      report.orders.count,
      money(report.revenue.gross),
      money(report.revenue.refunded),
    ],
    [words.revenue, words.points, money(report.revenue.pointsSpent), ''],
    [words.revenue, words.outstanding, money(report.revenue.outstanding), ''],
    [],
    [words.refunds, words.way, words.amount, words.orders],
    ...report.refunds.byMethod.map((row) => [
      words.refunds,
      words.methods[row.method],
      money(row.amount),
      row.orders,
    ]),
    ...report.refunds.byReason.map((row) => [
      words.refunds,
      row.reason === null ? words.kinds[row.kind] : `${words.kinds[row.kind]}: ${row.reason}`,
      money(row.amount),
      row.orders,
    ]),
    [words.refunds, words.total, money(report.refunds.total), report.refunds.orders],
    [words.refunds, words.pointsReturned, report.refunds.pointsReturned, ''],
    [words.refunds, words.pointsTakenBack, report.refunds.pointsTakenBack, ''],
    [],
    [words.orders, words.type, words.amount, words.count],
    ...report.orders.byType.map((row) => [
      words.orders,
      words.types[row.type],
      money(row.total),
      row.count,
    ]),
    [words.orders, words.total, '', report.orders.count],
    [words.orders, words.cancelled, '', report.orders.cancelled],
    [words.orders, words.paid, '', report.orders.paid],
    [words.orders, words.averageBill, money(report.orders.averageBill), ''],
    [],
    [words.tips, words.waiter, words.amount, words.count, words.rating, words.refunded],
    ...report.tips.byWaiter.map((row) => [
      words.tips,
      row.waiter?.name ?? words.pool,
      money(row.total),
      row.count,
      row.averageRating === null
        ? ''
        : language === 'ru'
          ? String(row.averageRating).replace('.', ',')
          : String(row.averageRating),
      money(row.refunded),
    ]),
    [
      words.tips,
      words.total,
      money(report.tips.total),
      report.tips.count,
      '',
      money(report.tips.refunded),
    ],
    [],
    [words.dishes, words.dish, words.amount, words.quantity],
    ...report.topDishes.map((row) => [
      words.dishes,
      (language === 'en' ? row.name.en : undefined) ?? row.name.ru,
      money(row.revenue),
      row.quantity,
    ]),
    [],
    [words.days, words.date, words.revenue, words.orders],
    ...report.days.map((row) => [words.days, row.date, money(row.revenue), row.orders]),
  ]
  return csvDocument(rows, language)
}
