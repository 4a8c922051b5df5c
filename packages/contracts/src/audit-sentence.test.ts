import { describe, expect, it } from 'vitest'
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from './audit'
import { auditLine, auditSubject, auditText, type AuditLanguage } from './audit-sentence'

/** The restaurant's money, as the app's price formatter writes it whatever the screen's language. */
const rubles = new Intl.NumberFormat('ru-RU', {
  style: 'currency',
  currency: 'RUB',
  currencyDisplay: 'narrowSymbol',
  maximumFractionDigits: 0,
})

const formatIn = (language: AuditLanguage) => ({
  language,
  money: (minor: number) => rubles.format(minor / 100),
  number: (value: number) => new Intl.NumberFormat(language).format(value),
  day: (date: string) => `day ${date}`,
})

/** Spaces as a person types them: Intl writes "420 ₽" with a no-break space. */
const plain = (text: string) => text.replace(/\s/g, ' ')
const say = (entry: AuditEntry, language: AuditLanguage) =>
  plain(auditLine(auditText(entry, formatIn(language))))

const MARIA = { id: '0b0c3c1e-4a57-4d3e-9f49-64f1c4c7f001', name: 'Мария Петровна' }
const UUID = '8ef45a62-5206-475d-925b-ef7c7a484d15'

function entry(
  kind: AuditKind,
  before: unknown,
  after: unknown,
  more: Partial<AuditEntry> = {},
): AuditEntry {
  return {
    id: '1',
    at: '2026-11-29T10:00:00.000Z',
    actor: MARIA,
    ...kind,
    entityId: UUID,
    before: before === null ? null : JSON.stringify(before),
    after: after === null ? null : JSON.stringify(after),
    ...more,
  }
}

const okroshka = {
  id: 'okroshka',
  name: { ru: 'Окрошка', en: 'Okroshka' },
  price: 42000,
  modifierGroups: [],
  allergens: ['eggs'],
  diet: [],
  ageRestricted: false,
  available: true,
}
const settings = {
  version: 'a1b2c3',
  timezone: 'Europe/Moscow',
  openingHours: [{ day: 1, opens: '10:00', closes: '22:00' }],
  settings: {
    orderTypes: ['dine_in', 'pickup'],
    paymentMethods: ['cash'],
    onlinePayment: false,
    tipPresetsPercent: [5, 10],
    serviceChargeBasisPoints: 500,
    delivery: { minOrder: 100000, fee: 15000, freeFrom: null, leadTimeMinutes: 60, zoneNote: null },
    pickup: { leadTimeMinutes: 20 },
    preorder: { leadTimeMinutes: 60, slotMinutes: 15 },
    tableSessionMinutes: 120,
    privacyPolicyUrl: null,
  },
  callEscalationSeconds: 60,
  bonusProgram: null,
  smsDailyBudget: 200,
  paymentProvider: 'sandbox',
}
const waiter = {
  id: UUID,
  name: 'Анна',
  login: 'anna',
  active: true,
  onShift: false,
  tables: [{ id: UUID, code: 'T1', label: 'T1' }],
  createdAt: '2026-11-01T10:00:00.000Z',
}
const manager = {
  id: UUID,
  role: 'manager',
  name: 'Олег',
  login: 'oleg',
  active: true,
  createdAt: '2026-11-01T10:00:00.000Z',
}
const table = { id: UUID, code: 'T7', label: 'У фонтана', zoneId: null, seats: 4, enabled: true }
const profile = {
  name: { ru: 'Бистро' },
  address: 'Москва, ул. Покровка, 17',
  phone: '+74951234567',
  phoneDisplay: '+7 495 123-45-67',
  logo: null,
  legalName: null,
  inn: null,
  taxSystem: null,
  vatRate: null,
}

const priceChange = entry({ entity: 'dish', action: 'update' }, okroshka, {
  ...okroshka,
  price: 45000,
})

/**
 * One entry of every kind the server writes, as it writes it, and what the manager reads in
 * Russian. Keyed by kind: a kind added to AUDIT_KINDS is a type error here until it has one.
 */
const SAMPLES: {
  [K in AuditKind as `${K['entity']}:${K['action']}`]: [AuditEntry, string]
} = {
  'menu:create': [
    entry({ entity: 'menu', action: 'create' }, null, { id: 'main', name: { ru: 'Основное' } }),
    'Мария Петровна: добавлено меню «Основное»',
  ],
  'menu:update': [
    entry(
      { entity: 'menu', action: 'update' },
      { id: 'main', name: { ru: 'Основное' }, servedFrom: null },
      { id: 'main', name: { ru: 'Основное' }, servedFrom: '12:00' },
    ),
    'Мария Петровна: время начала подачи меню «Основное» — было —, стало 12:00',
  ],
  'menu:delete': [
    entry({ entity: 'menu', action: 'delete' }, { id: 'bar', name: { ru: 'Бар' } }, null),
    'Мария Петровна: удалено меню «Бар»',
  ],
  'dish:create': [
    entry({ entity: 'dish', action: 'create' }, null, okroshka),
    'Мария Петровна: добавлено блюдо «Окрошка»',
  ],
  'dish:update': [priceChange, 'Мария Петровна: цена блюда «Окрошка» — было 420 ₽, стало 450 ₽'],
  'dish:delete': [
    entry({ entity: 'dish', action: 'delete' }, okroshka, null),
    'Мария Петровна: удалено блюдо «Окрошка»',
  ],
  'dish:stop': [
    entry(
      { entity: 'dish', action: 'stop' },
      { available: true },
      { available: false },
      { entityId: 'pickles', subject: { ru: 'Соленья', en: 'Pickles' } },
    ),
    'Мария Петровна: блюдо «Соленья» в стоп-листе',
  ],
  'dish:resume': [
    entry(
      { entity: 'dish', action: 'resume' },
      { name: { ru: 'Соленья' }, available: false },
      { name: { ru: 'Соленья' }, available: true },
    ),
    'Мария Петровна: блюдо «Соленья» снова в продаже',
  ],
  'dish:reorder': [
    entry({ entity: 'dish', action: 'reorder' }, ['a', 'b'], ['b', 'a'], {
      entityId: 'soups',
      subject: { ru: 'Супы' },
    }),
    'Мария Петровна: новый порядок блюд в «Супы»',
  ],
  'category:create': [
    entry({ entity: 'category', action: 'create' }, null, { id: 'soups', name: { ru: 'Супы' } }),
    'Мария Петровна: добавлена категория «Супы»',
  ],
  'category:update': [
    entry(
      { entity: 'category', action: 'update' },
      { id: 'soups', name: { ru: 'Супы' } },
      { id: 'soups', name: { ru: 'Супы', en: 'Soups' } },
    ),
    'Мария Петровна: название категории «Супы» — было Супы / —, стало Супы / Soups',
  ],
  'category:delete': [
    entry({ entity: 'category', action: 'delete' }, { id: 'soups', name: { ru: 'Супы' } }, null),
    'Мария Петровна: удалена категория «Супы»',
  ],
  'category:reorder': [
    entry({ entity: 'category', action: 'reorder' }, ['a', 'b'], ['b', 'a'], {
      entityId: 'main',
      subject: { ru: 'Основное' },
    }),
    'Мария Петровна: новый порядок категорий в «Основное»',
  ],
  'stories:update': [
    entry({ entity: 'stories', action: 'update' }, [{ id: 'a' }], [{ id: 'a' }, { id: 'b' }], {
      entityId: 'stories',
    }),
    'Мария Петровна: изменены истории: Историй: 1 → 2',
  ],
  'menu_file:import': [
    entry(
      { entity: 'menu_file', action: 'import' },
      { menus: 1, categories: 3, dishes: 10, stories: 0 },
      { menus: 1, categories: 4, dishes: 12, stories: 0 },
    ),
    'Мария Петровна: загружен файл меню — блюд 10 → 12, категорий 3 → 4',
  ],
  'table:create': [
    entry({ entity: 'table', action: 'create' }, null, table),
    'Мария Петровна: добавлен стол «У фонтана»',
  ],
  'table:update': [
    entry(
      { entity: 'table', action: 'update' },
      table,
      { ...table, zoneId: UUID },
      { names: { [UUID]: { ru: 'Терраса', en: 'Terrace' } } },
    ),
    'Мария Петровна: зона стола «У фонтана» — было —, стало Терраса',
  ],
  'table:rotate': [
    entry({ entity: 'table', action: 'rotate' }, table, { ...table, qrToken: 'rotated' }),
    'Мария Петровна: новый QR-код стола «У фонтана», старый его больше не открывает',
  ],
  'zone:create': [
    entry({ entity: 'zone', action: 'create' }, null, { id: UUID, name: { ru: 'Терраса' } }),
    'Мария Петровна: добавлена зона «Терраса»',
  ],
  'zone:update': [
    entry(
      { entity: 'zone', action: 'update' },
      { id: UUID, name: { ru: 'Терраса' }, position: 0 },
      { id: UUID, name: { ru: 'Веранда' }, position: 0 },
    ),
    'Мария Петровна: название зоны «Веранда» — было Терраса, стало Веранда',
  ],
  'zone:delete': [
    entry({ entity: 'zone', action: 'delete' }, { id: UUID, name: { ru: 'Терраса' } }, null),
    'Мария Петровна: удалена зона «Терраса»',
  ],
  'zone:reorder': [
    entry({ entity: 'zone', action: 'reorder' }, [UUID, 'b'], ['b', UUID]),
    'Мария Петровна: новый порядок зон',
  ],
  'waiter:create': [
    entry({ entity: 'waiter', action: 'create' }, null, waiter),
    'Мария Петровна: добавлен официант «Анна»',
  ],
  'waiter:update': [
    entry({ entity: 'waiter', action: 'update' }, waiter, { ...waiter, name: 'Анна К.' }),
    'Мария Петровна: имя официанта «Анна К.» — было Анна, стало Анна К.',
  ],
  'waiter:activate': [
    entry({ entity: 'waiter', action: 'activate' }, { ...waiter, active: false }, waiter),
    'Мария Петровна: официант «Анна» снова работает',
  ],
  'waiter:deactivate': [
    entry({ entity: 'waiter', action: 'deactivate' }, waiter, { ...waiter, active: false }),
    'Мария Петровна: отключён официант «Анна»',
  ],
  'waiter:reset_pin': [
    entry({ entity: 'waiter', action: 'reset_pin' }, waiter, waiter),
    'Мария Петровна: новый PIN официанта «Анна»',
  ],
  'waiter:assign_tables': [
    entry({ entity: 'waiter', action: 'assign_tables' }, waiter, {
      ...waiter,
      tables: [
        { id: UUID, code: 'T7', label: 'T7' },
        { id: UUID, code: 'T8', label: 'У фонтана' },
      ],
    }),
    'Мария Петровна: официанту «Анна» назначены столы T7, T8 (было: T1)',
  ],
  'manager:create': [
    entry({ entity: 'manager', action: 'create' }, null, manager),
    'Мария Петровна: добавлен менеджер «Олег»',
  ],
  'manager:update': [
    entry({ entity: 'manager', action: 'update' }, manager, { ...manager, name: 'Олег Ильич' }),
    'Мария Петровна: имя менеджера «Олег Ильич» — было Олег, стало Олег Ильич',
  ],
  'manager:activate': [
    entry({ entity: 'manager', action: 'activate' }, { ...manager, active: false }, manager),
    'Мария Петровна: менеджер «Олег» снова работает',
  ],
  'manager:deactivate': [
    entry({ entity: 'manager', action: 'deactivate' }, manager, { ...manager, active: false }),
    'Мария Петровна: отключён менеджер «Олег»',
  ],
  'manager:reset_password': [
    entry({ entity: 'manager', action: 'reset_password' }, manager, manager),
    'Мария Петровна: новый пароль менеджера «Олег»',
  ],
  'manager:reset_totp': [
    entry(
      { entity: 'manager', action: 'reset_totp' },
      { ...manager, totpEnabled: true },
      { ...manager, totpEnabled: false },
    ),
    'Мария Петровна: отключён код при входе менеджера «Олег»',
  ],
  'kitchen:create': [
    entry({ entity: 'kitchen', action: 'create' }, null, {
      ...manager,
      role: 'kitchen',
      name: 'Кухня',
    }),
    'Мария Петровна: добавлен вход кухни «Кухня»',
  ],
  'kitchen:update': [
    entry(
      { entity: 'kitchen', action: 'update' },
      { ...manager, role: 'kitchen', name: 'Кухня' },
      { ...manager, role: 'kitchen', name: 'Горячая кухня' },
    ),
    'Мария Петровна: название входа кухни «Горячая кухня» — было Кухня, стало Горячая кухня',
  ],
  'kitchen:activate': [
    entry({ entity: 'kitchen', action: 'activate' }, null, { name: 'Кухня' }),
    'Мария Петровна: вход кухни «Кухня» снова работает',
  ],
  'kitchen:deactivate': [
    entry({ entity: 'kitchen', action: 'deactivate' }, { name: 'Кухня' }, null),
    'Мария Петровна: отключён вход кухни «Кухня»',
  ],
  'kitchen:reset_pin': [
    entry({ entity: 'kitchen', action: 'reset_pin' }, { name: 'Кухня' }, { name: 'Кухня' }),
    'Мария Петровна: новый PIN входа кухни «Кухня»',
  ],
  'station:create': [
    entry({ entity: 'station', action: 'create' }, null, {
      id: UUID,
      name: 'Бар',
      sortOrder: 0,
      categoryIds: [],
    }),
    'Мария Петровна: добавлен цех «Бар»',
  ],
  'station:update': [
    entry(
      { entity: 'station', action: 'update' },
      { id: UUID, name: 'Бар', sortOrder: 0, categoryIds: [] },
      { id: UUID, name: 'Бар', sortOrder: 0, categoryIds: ['drinks', 'soups'] },
      { names: { drinks: { ru: 'Напитки' }, soups: { ru: 'Супы' } } },
    ),
    'Мария Петровна: категории цеха «Бар» — было —, стало Напитки, Супы',
  ],
  'station:delete': [
    entry({ entity: 'station', action: 'delete' }, { id: UUID, name: 'Бар' }, null),
    'Мария Петровна: удалён цех «Бар»',
  ],
  'kitchen_thresholds:update': [
    entry(
      { entity: 'kitchen_thresholds', action: 'update' },
      { warnMinutes: 10, lateMinutes: 20 },
      { warnMinutes: 15, lateMinutes: 20 },
    ),
    'Мария Петровна: таймер кухни, «Жёлтая через, мин» — было 10, стало 15',
  ],
  'settings:update': [
    entry({ entity: 'settings', action: 'update' }, settings, {
      ...settings,
      version: 'd4e5f6',
      settings: { ...settings.settings, delivery: { ...settings.settings.delivery, fee: 20000 } },
    }),
    'Мария Петровна: настройка «Стоимость доставки» — было 150 ₽, стало 200 ₽',
  ],
  'sign_in:under_attack': [
    entry(
      { entity: 'sign_in', action: 'under_attack' },
      null,
      { role: 'manager', login: 'boss', failures: 20 },
      { actor: { id: null, name: 'Tableside' }, entityId: 'manager:boss' },
    ),
    'Tableside: кто-то подбирает вход менеджера «boss» с разных мест; неудачных попыток: 20',
  ],
  'restaurant:create': [
    entry({ entity: 'restaurant', action: 'create' }, null, {
      id: 'bistro',
      name: 'Бистро',
      timezone: 'Europe/Moscow',
      manager: { name: 'Мария Петровна', login: 'maria' },
    }),
    'Мария Петровна: создан ресторан «Бистро»',
  ],
  'profile:update': [
    entry(
      { entity: 'profile', action: 'update' },
      { ...profile, version: 'a1' },
      { ...profile, version: 'b2', inn: '7707083893' },
    ),
    'Мария Петровна: профиль ресторана, «ИНН» — было —, стало 7707083893',
  ],
  'payment_account:update': [
    entry(
      { entity: 'payment_account', action: 'update' },
      {
        acquirer: 'sandbox',
        shopId: null,
        secretKey: null,
        acquirerMode: 'test',
        waysToPay: 'card, sbp',
      },
      {
        acquirer: 'yookassa',
        shopId: '100500',
        secretKey: '••••0000',
        acquirerMode: 'test',
        waysToPay: 'card, sbp',
      },
    ),
    'Мария Петровна: изменён эквайринг: Эквайринг: sandbox → yookassa; Идентификатор магазина: — → 100500; Секретный ключ: — → ••••0000',
  ],
  'payment_account:check': [
    entry({ entity: 'payment_account', action: 'check' }, null, {
      ok: false,
      account: null,
      problem: 'invalid_credentials',
    }),
    'Мария Петровна: проверено подключение к эквайрингу — не работает (invalid_credentials)',
  ],
  'fiscal_settings:update': [
    entry({ entity: 'fiscal_settings', action: 'update' }, null, { mode: 'atol' }),
    'Мария Петровна: чеки отправляются в АТОЛ Онлайн',
  ],
  'receipt:retry': [
    entry({ entity: 'receipt', action: 'retry' }, null, {
      total: '1 500,00 ₽',
      contact: 'guest@example.ru',
    }),
    'Мария Петровна: чек на 1 500,00 ₽ отправлен повторно (guest@example.ru)',
  ],
  'order:cancel': [
    entry({ entity: 'order', action: 'cancel' }, null, {
      number: 42,
      reason: 'Гость ушёл',
      amount: 54600,
      takenOff: 0,
    }),
    'Мария Петровна: заказ 42 отменён («Гость ушёл»), возвращено 546 ₽',
  ],
  'order:refund': [
    entry({ entity: 'order', action: 'refund' }, null, {
      number: 42,
      reason: 'Остыл суп',
      amount: 42000,
      takenOff: 42000,
    }),
    'Мария Петровна: по заказу 42 возвращено 420 ₽ («Остыл суп»)',
  ],
  'order:comp': [
    entry({ entity: 'order', action: 'comp' }, null, {
      number: 42,
      reason: 'Комплимент',
      amount: 0,
      takenOff: 25000,
    }),
    'Мария Петровна: в заказе 42 бесплатно на 250 ₽ («Комплимент»), возвращено 0 ₽',
  ],
  'order:refund_tip': [
    entry({ entity: 'order', action: 'refund_tip' }, null, {
      number: 42,
      reason: 'Ошибся суммой',
      amount: 6600,
      waiter: 'Анна',
    }),
    'Мария Петровна: возвращены чаевые 66 ₽ по заказу 42 (Анна; «Ошибся суммой»)',
  ],
  'order:retry_refund': [
    entry({ entity: 'order', action: 'retry_refund' }, null, {
      number: 42,
      reason: 'Банк отклонил возврат',
      amount: 54600,
    }),
    'Мария Петровна: повторно запрошен возврат 546 ₽ по заказу 42 («Банк отклонил возврат»)',
  ],
  'sms_budget:nearly_spent': [
    entry(
      { entity: 'sms_budget', action: 'nearly_spent' },
      null,
      { day: '2026-11-29', sent: 160, budget: 200 },
      { actor: { id: null, name: 'Tableside' }, entityId: 'restaurant' },
    ),
    'Tableside: на day 2026-11-29 отправлено 160 из 200 кодов для входа по СМС',
  ],
  'sms_budget:spent': [
    entry(
      { entity: 'sms_budget', action: 'spent' },
      null,
      { day: '2026-11-29', sent: 5000, budget: 5000 },
      { actor: { id: null, name: 'Tableside' }, entityId: 'server' },
    ),
    'Tableside: на day 2026-11-29 отправлены все 5 000 кодов для входа по СМС всего сервера; до полуночи гости заказывают без входа',
  ],
}

describe('the audit log in a manager’s words', () => {
  const samples: Readonly<Record<string, [AuditEntry, string] | undefined>> = SAMPLES
  const kinds = Object.entries(AUDIT_KINDS).flatMap(([entity, actions]) =>
    actions.map((action) => `${entity}:${action}`),
  )

  it.each(kinds)('%s reads as a sentence in Russian and in English', (kind) => {
    const found = samples[kind]
    if (!found) throw new Error(`No sample of ${kind}`)
    const [sample, russian] = found
    expect(say(sample, 'ru')).toBe(russian)
    const english = say(sample, 'en')
    // Not the fallback line, no raw JSON, no id, no ISO moment: words a manager writes.
    for (const text of [russian, english]) {
      expect(text).not.toMatch(/[{}[\]"]/)
      expect(text).not.toContain(UUID)
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
    }
    expect(english).not.toContain(` — ${sample.action}`)
    expect(english).not.toBe(russian)
  })

  it('says a price change as the manager would, in either language', () => {
    expect(say(priceChange, 'en')).toBe(
      'Мария Петровна changed the price of «Okroshka» from 420 ₽ to 450 ₽',
    )
  })

  it('names settings as the settings screen does, only the fields that changed', () => {
    const before = settings
    const after = {
      ...before,
      version: 'zzz',
      openingHours: [
        { day: 1, opens: '10:00', closes: '23:00' },
        { day: 6, opens: '12:00', closes: '02:00' },
      ],
      settings: { ...before.settings, serviceChargeBasisPoints: 1250, orderTypes: ['dine_in'] },
      bonusProgram: {
        active: true,
        earnBasisPoints: 500,
        maxShareBasisPoints: 3000,
        expiryDays: 365,
        welcomePoints: 100,
        birthdayPoints: 200,
      },
    }
    const text = auditText(
      entry({ entity: 'settings', action: 'update' }, before, after),
      formatIn('en'),
    )
    expect(text.sentence).toBe('Мария Петровна changed the settings')
    expect(text.changes).toEqual([
      { field: 'Monday', before: '10:00–22:00', after: '10:00–23:00' },
      { field: 'Saturday', before: 'closed', after: '12:00–02:00' },
      { field: 'Order types', before: 'At the table, Pickup', after: 'At the table' },
      { field: 'Service charge at the table, %', before: '5', after: '12.5' },
      { field: 'Bonus programme on', before: 'no', after: 'yes' },
      { field: 'Points back, % of what is paid', before: '—', after: '5' },
      { field: 'Points pay at most, % of an order', before: '—', after: '30' },
      { field: 'Points expire after, days', before: '—', after: '365' },
      { field: 'Welcome points', before: '—', after: '100' },
      { field: 'Birthday points', before: '—', after: '200' },
    ])
    // The version hash and the payment provider are the details', never a change.
    expect(auditLine(text)).not.toMatch(/zzz|a1b2c3|sandbox/)
  })

  it('names the newest settings by the screen’s words too', () => {
    const was = {
      ...settings,
      settings: { ...settings.settings, kitchenBeforeOnlinePayment: true },
    }
    const now = { ...was, settings: { ...was.settings, kitchenBeforeOnlinePayment: false } }
    const text = auditText(
      entry({ entity: 'settings', action: 'update' }, was, now),
      formatIn('en'),
    )
    expect(text.sentence).toBe(
      'Мария Петровна changed the setting «Cook prepaid orders before the money arrives» from yes to no',
    )
  })

  it('says a waiter was left without tables', () => {
    const text = auditText(
      entry({ entity: 'waiter', action: 'assign_tables' }, waiter, { ...waiter, tables: [] }),
      formatIn('ru'),
    )
    expect(text.sentence).toBe('Мария Петровна: у официанта «Анна» больше нет столов (было: T1)')
  })

  it('does not call a setting an older entry never had a change', () => {
    const older: Partial<typeof settings> = { ...settings }
    delete older.smsDailyBudget
    const text = auditText(
      entry({ entity: 'settings', action: 'update' }, older, settings),
      formatIn('ru'),
    )
    expect(text.sentence).toBe('Мария Петровна: настройки сохранены без изменений')
  })

  it('lists several changes of a dish by the dish form’s words', () => {
    const text = auditText(
      entry({ entity: 'dish', action: 'update' }, okroshka, {
        ...okroshka,
        price: 45050,
        allergens: ['eggs', 'milk'],
        portion: { amount: 300, unit: 'g' },
      }),
      formatIn('ru'),
    )
    expect(plain(text.sentence)).toBe('Мария Петровна: изменено блюдо «Окрошка»')
    expect(
      text.changes.map((change) => plain(`${change.field}: ${change.before} → ${change.after}`)),
    ).toEqual(['Цена: 420 ₽ → 451 ₽', 'Аллергены: яйца → яйца, молоко', 'Порция: — → 300 г'])
  })

  it('says a new logo of the profile as a photo, never its stored address', () => {
    const logo = {
      url: '/media/photos/demo/757401cdde1c510df87ae28f/640.webp',
      alt: { ru: 'Бистро' },
      color: '#e8c848',
    }
    const changed = (from: typeof logo | null, to: typeof logo) =>
      auditText(
        entry(
          { entity: 'profile', action: 'update' },
          { ...profile, logo: from },
          { ...profile, logo: to },
        ),
        formatIn('ru'),
      ).sentence
    expect(plain(changed(null, logo))).toBe(
      'Мария Петровна: профиль ресторана, «Логотип» — было —, стало фото',
    )
    expect(plain(changed(logo, { ...logo, url: logo.url.replace('7574', '1234') }))).toBe(
      'Мария Петровна: профиль ресторана, «Логотип» — было фото, стало новое фото',
    )
  })

  it('falls back to a readable line for a kind it does not know, and to no bare UUID', () => {
    const unknown = entry({ entity: 'dish', action: 'update' }, null, null, {
      entity: 'loyalty_tier',
      action: 'promote',
      entityId: 'gold',
    })
    expect(say(unknown, 'en')).toBe('Мария Петровна: loyalty_tier «gold» — promote')
    const gone = entry(
      { entity: 'dish', action: 'stop' },
      { available: true },
      { available: false },
    )
    expect(auditSubject(gone, 'ru')).toBeNull()
    expect(say(gone, 'ru')).toBe('Мария Петровна: блюдо в стоп-листе')
    const broken = { ...gone, before: '[', after: '{' }
    expect(say(broken, 'en')).toBe('Мария Петровна put the dish on the stop-list')
  })
})
