import { defineMessages } from '../../lib/i18n/messages'

/** `/garcon/tips`: the waiter's tips by period. */
export const tipsMessages = defineMessages({
  en: {
    title: 'Tips',
    periods: 'Period',
    today: 'Today',
    week: 'This week',
    month: 'This month',
    totalToday: 'Tips today',
    totalWeek: 'Tips this week',
    totalMonth: 'Tips this month',
    count_one: '{count} tip',
    count_few: '{count} tips',
    count_many: '{count} tips',
    count_other: '{count} tips',
    table: 'Table {label}',
    noTable: 'Table no longer in service',
    card: 'Card',
    sbp: 'SBP',
    rating: 'Rated {rating} out of 5',
    emptyTitle: 'No tips yet',
    emptyToday:
      'Tips guests leave when they pay the bill online appear here at once, with their rating and comment.',
    emptyWeek: 'No tips since Monday. Tips guests leave when they pay online appear here at once.',
    emptyMonth:
      'No tips since the 1st. Tips guests leave when they pay online appear here at once.',
    listed: 'The newest {shown} of {count} are listed.',
    loading: 'Loading your tips…',
    loadFailed: 'Could not load your tips: no connection to the server.',
    retry: 'Try again',
  },
  ru: {
    title: 'Чаевые',
    periods: 'Период',
    today: 'Сегодня',
    week: 'Неделя',
    month: 'Месяц',
    totalToday: 'Чаевые за сегодня',
    totalWeek: 'Чаевые за неделю',
    totalMonth: 'Чаевые за месяц',
    count_one: 'от {count} гостя',
    count_few: 'от {count} гостей',
    count_many: 'от {count} гостей',
    count_other: 'от {count} гостя',
    table: 'Стол {label}',
    noTable: 'Стол больше не работает',
    card: 'Картой',
    sbp: 'СБП',
    rating: 'Оценка {rating} из 5',
    emptyTitle: 'Чаевых пока нет',
    emptyToday:
      'Чаевые, которые гости оставят при оплате счёта онлайн, появятся здесь сразу — с оценкой и отзывом.',
    emptyWeek:
      'С понедельника чаевых не было. Чаевые, оставленные при оплате онлайн, появятся здесь сразу.',
    emptyMonth:
      'С начала месяца чаевых не было. Чаевые, оставленные при оплате онлайн, появятся здесь сразу.',
    listed: 'Показаны последние {shown} из {count}.',
    loading: 'Загружаем чаевые…',
    loadFailed: 'Не удалось загрузить чаевые: нет связи с сервером.',
    retry: 'Попробовать снова',
  },
})
