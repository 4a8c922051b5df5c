import { isApiError } from './api-error'
import { defineMessages } from './i18n/messages'
import { useMessages } from './i18n/use-translation'

/**
 * Why the server refused a staff member's action, in the screen's language, by the error's stable
 * code (issue 30): the server's own message is English written for developers, and a manager
 * reading Russian saw it raw. Each text follows a screen's "Not saved:" or "Could not…:", so it
 * starts in lower case and ends with a full stop. A code no staff screen explains reads as the
 * server's failure, never as its text.
 */
export const staffErrorMessages = defineMessages({
  en: {
    network_error: 'no connection to the server. Check the internet and try again.',
    rate_limited: 'too many tries in a row. Wait a minute and try again.',
    unauthorized: 'your sign-in has ended. Sign in again.',
    forbidden: 'your account may not do this.',
    not_found: 'it is no longer there (someone may have just removed it). Reload the page.',
    validation_failed: 'the server did not accept a value. Check the form and try again.',
    busy: 'the server is busy just now. Try again in a minute.',
    payload_too_large: 'the file is too large. Send a smaller one.',
    unsupported_media_type:
      'this file is not a photo the menu can show. Send a JPEG, PNG, WebP, AVIF or GIF.',
    order_changed: 'the order changed meanwhile. It is shown as it is now: check and try again.',
    undo_expired: 'too late to undo.',
    refund_exceeds_paid: 'that is more than was paid for it.',
    refunds_not_allowed: 'the restaurant does not let waiters refund.',
    not_your_table: 'this table is not yours.',
    order_not_cancellable: 'this order can no longer be cancelled.',
    payment_in_progress: 'a payment of this order is under way. Wait for it to finish.',
    bill_not_settled: 'the bill is not settled yet.',
    orders_in_progress: 'the table still has orders in progress.',
    table_occupied: 'that table has guests.',
    table_taken: 'another waiter serves that table.',
    settings_changed: 'someone else changed this meanwhile. Reload the page and try again.',
    last_active_manager: 'the restaurant would be left without an active manager.',
    cannot_deactivate_self: 'you cannot deactivate your own account.',
    cannot_reset_self: 'change your own account with your current password, in your account.',
    login_taken: 'that login is taken.',
    waiter_inactive: 'the waiter is deactivated.',
    category_not_empty: 'the category still has dishes or categories in it.',
    last_menu: 'a restaurant keeps at least one menu.',
    table_code_taken: 'another table has that code.',
    zone_name_taken: 'another zone has that name.',
    zone_not_empty: 'the zone still has tables.',
    station_name_taken: 'another station has that name.',
    pin_wrong: 'the PIN is wrong.',
    password_wrong: 'the password is wrong.',
    weak_password: 'the password is too easy to guess.',
    secrets_key_missing: 'the server has no key to keep secrets with (SECRETS_KEY).',
    receipts_profile_incomplete:
      'a receipt names the seller’s INN and tax system: fill them in the restaurant’s profile first.',
    receipts_acquirer_unsupported:
      'the acquirer sends no receipts: the test acquirer sends none to the tax service, and without online payment there is no acquirer. Choose YooKassa or T-Bank, or ATOL Online.',
    receipt_not_failed: 'this receipt is on its way already.',
    failed: 'the server could not do it. Try again; if it repeats, tell your administrator.',
  },
  ru: {
    network_error: 'нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    rate_limited: 'слишком много попыток подряд. Подождите минуту и попробуйте снова.',
    unauthorized: 'вход истёк. Войдите снова.',
    forbidden: 'вашей учётной записи это недоступно.',
    not_found: 'этого уже нет (возможно, только что удалили). Обновите страницу.',
    validation_failed: 'сервер не принял значение. Проверьте форму и попробуйте снова.',
    busy: 'сервер сейчас занят. Попробуйте через минуту.',
    payload_too_large: 'файл слишком большой. Отправьте файл поменьше.',
    unsupported_media_type:
      'это не фото, которое может показать меню. Отправьте JPEG, PNG, WebP, AVIF или GIF.',
    order_changed: 'заказ тем временем изменился. Он показан как есть: проверьте и повторите.',
    undo_expired: 'отменить уже нельзя.',
    refund_exceeds_paid: 'это больше, чем за это заплатили.',
    refunds_not_allowed: 'ресторан не разрешает официантам возвраты.',
    not_your_table: 'это не ваш стол.',
    order_not_cancellable: 'этот заказ уже нельзя отменить.',
    payment_in_progress: 'по заказу идёт оплата. Дождитесь её окончания.',
    bill_not_settled: 'счёт ещё не закрыт.',
    orders_in_progress: 'у стола ещё есть заказы в работе.',
    table_occupied: 'за тем столом гости.',
    table_taken: 'этот стол обслуживает другой официант.',
    settings_changed: 'тем временем это изменил кто-то другой. Обновите страницу и повторите.',
    last_active_manager: 'в ресторане не останется активного управляющего.',
    cannot_deactivate_self: 'свою учётную запись отключить нельзя.',
    cannot_reset_self: 'свою учётную запись меняйте с текущим паролем, в своём профиле.',
    login_taken: 'этот логин занят.',
    waiter_inactive: 'официант отключён.',
    category_not_empty: 'в категории ещё есть блюда или категории.',
    last_menu: 'у ресторана должно остаться хотя бы одно меню.',
    table_code_taken: 'такой код уже у другого стола.',
    zone_name_taken: 'такое название уже у другой зоны.',
    zone_not_empty: 'в зоне ещё есть столы.',
    station_name_taken: 'такое название уже у другого цеха.',
    pin_wrong: 'неверный PIN.',
    password_wrong: 'неверный пароль.',
    weak_password: 'пароль слишком легко угадать.',
    secrets_key_missing: 'у сервера нет ключа для хранения секретов (SECRETS_KEY).',
    receipts_profile_incomplete:
      'в чеке указываются ИНН и система налогообложения продавца: сначала заполните их в профиле ресторана.',
    receipts_acquirer_unsupported:
      'эквайринг не отправляет чеки: тестовый эквайер не передаёт их в налоговую, а без онлайн-оплаты эквайринга нет. Выберите ЮKassa или Т-Банк либо АТОЛ Онлайн.',
    receipt_not_failed: 'этот чек уже отправляется.',
    failed:
      'сервер не смог это сделать. Попробуйте ещё раз; если повторится, сообщите администратору.',
  },
})

export type StaffErrorKey = keyof (typeof staffErrorMessages)['en']

/** Codes that say the same to a staff member as another code does. */
const SAME_AS: Readonly<Record<string, StaffErrorKey>> = {
  database_unavailable: 'busy',
  service_unavailable: 'busy',
  illegal_status_change: 'order_changed',
  order_not_in_kitchen: 'order_changed',
  bad_request: 'validation_failed',
}

/** This module's own words for what no single code says; a server never sends them. */
const OWN: ReadonlySet<string> = new Set<StaffErrorKey>(['busy', 'failed'])

const isKey = (code: string): code is StaffErrorKey =>
  Object.hasOwn(staffErrorMessages.en, code) && !OWN.has(code)

/** The reason's key for any failure: a code it does not know, or no API error at all, is `failed`. */
export function staffErrorKey(error: unknown): StaffErrorKey {
  if (!isApiError(error)) return 'failed'
  if (error.status === 0) return 'network_error'
  const same = SAME_AS[error.code]
  if (same) return same
  return isKey(error.code) ? error.code : 'failed'
}

/** `reason(error)`: why it failed, in the current UI language, for a screen's "Not saved: {message}". */
export function useStaffErrorText(): (error: unknown) => string {
  const { t } = useMessages(staffErrorMessages)
  return (error) => t(staffErrorKey(error))
}
