import { AUDIT_KINDS, type AuditEntity, type AuditEntry } from './audit'
import {
  auditWords,
  kindWord,
  RUSSIAN_NOUNS,
  RUSSIAN_PARTICIPLES,
  type AuditWord,
  type NamedEntity,
} from './audit-words'
import { settingsLabels, type SettingsLabel } from './settings-labels'

export type AuditLanguage = 'en' | 'ru'

/** How the screen (or the CSV) writes money, numbers and days: the app's own formatters. */
export interface AuditFormat {
  language: AuditLanguage
  /** Minor units in the restaurant's currency: "420 ₽". */
  money: (minor: number) => string
  /** A plain number in the language: "12,5". */
  number: (value: number) => string
  /** A calendar day `YYYY-MM-DD` as the screen writes days. */
  day: (date: string) => string
}

/** A field that changed, named as its form names it, before → after. */
export interface AuditChangeLine {
  field: string
  before: string
  after: string
}

/** An entry as a manager would write it: one sentence, and the changes it did not say. */
export interface AuditText {
  sentence: string
  changes: AuditChangeLine[]
}

type Row = Readonly<Record<string, unknown>>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const isRow = (value: unknown): value is Row =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

function parsed(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

const isKnown = (entity: string): entity is AuditEntity => Object.hasOwn(AUDIT_KINDS, entity)

const isNamed = (entity: string): entity is NamedEntity => Object.hasOwn(RUSSIAN_NOUNS, entity)

/** A name as rows keep it: plain text, or Russian with an optional English. */
function textIn(value: unknown, language: AuditLanguage): string | null {
  if (typeof value === 'string') return value
  if (!isRow(value)) return null
  const text = language === 'en' && typeof value.en === 'string' ? value.en : value.ru
  return typeof text === 'string' ? text : null
}

/** What a thing was called in its row: a name, or a table's name on the floor (else its code). */
function nameInRow(row: unknown, language: AuditLanguage): string | null {
  if (!isRow(row)) return null
  return textIn(row.name, language) ?? textIn(row.label, language) ?? textIn(row.code, language)
}

/** Fields no sentence mentions: ids, the moment a row was made, a table's secret. */
const UNSAID = new Set([
  'id',
  'createdAt',
  'qrToken',
  'self',
  'categories',
  'dishes',
  'version',
  'phoneDisplay',
])

const FIELD_WORDS: Readonly<Record<string, AuditWord>> = {
  name: 'name',
  description: 'description',
  price: 'price',
  photo: 'fieldPhoto',
  portion: 'portion',
  nutrition: 'fieldNutrition',
  modifierGroups: 'modifierGroups',
  allergens: 'allergens',
  diet: 'diet',
  highlight: 'highlight',
  ageRestricted: 'ageRestricted',
  available: 'available',
  servedFrom: 'servedFrom',
  servedUntil: 'servedUntil',
  code: 'code',
  label: 'label',
  zoneId: 'zoneId',
  seats: 'seats',
  enabled: 'enabled',
  position: 'position',
  sortOrder: 'sortOrder',
  login: 'login',
  active: 'active',
  onShift: 'onShift',
  tables: 'tables',
  role: 'role',
  totpEnabled: 'totpEnabled',
  categoryIds: 'categoryIds',
  warnMinutes: 'warnMinutes',
  lateMinutes: 'lateMinutes',
  address: 'address',
  phone: 'phone',
  logo: 'logo',
  legalName: 'legalName',
  inn: 'inn',
  taxSystem: 'taxSystem',
  vatRate: 'vatRate',
  acquirer: 'acquirer',
  shopId: 'shopId',
  secretKey: 'secretKey',
  acquirerMode: 'acquirerMode',
  waysToPay: 'waysToPay',
}

/** An entry that names nothing, for values outside any entry. */
const NO_ENTRY: AuditEntry = {
  id: '',
  at: '',
  actor: { id: null, name: '' },
  action: '',
  entity: '',
  entityId: null,
  before: null,
  after: null,
}

/** A value as plain text: what JSON holds, never "[object Object]". */
const scalar = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number'
      ? String(value)
      : JSON.stringify(value)

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Builds the sentences of one language with the app's formatters. */
function writer(format: AuditFormat) {
  const { language } = format
  const words = auditWords[language]
  const labels = settingsLabels[language]

  const say = (key: AuditWord, values: Readonly<Record<string, string>> = {}) =>
    words[key]
      .replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder)
      .replace(/ {2,}/g, ' ')
      .replace(/ ([:,;—])/g, (match, mark: string) => (mark === '—' ? match : mark))
      .trim()

  const list = (values: unknown, each: (value: unknown) => string) =>
    Array.isArray(values) && values.length > 0 ? values.map(each).join(', ') : words.none

  const wordOr = (key: string, fallback: string): string =>
    Object.hasOwn(words, key) ? words[key as AuditWord] : fallback

  /** A value of a thing's field, as the manager entered it. */
  const value = (field: string, raw: unknown, entry: AuditEntry): string => {
    if (raw === null || raw === undefined) return words.none
    const names = entry.names ?? {}
    const named = (id: unknown) => {
      const text = typeof id === 'string' ? names[id] : undefined
      return (text && textIn(text, language)) ?? String(id)
    }
    switch (field) {
      case 'price':
        return typeof raw === 'number' ? format.money(raw) : scalar(raw)
      case 'photo':
      case 'logo':
        return words.photo
      case 'portion':
        if (isRow(raw) && typeof raw.amount === 'number') {
          const unit = raw.unit === 'ml' ? 'millilitres' : raw.unit === 'pcs' ? 'pieces' : 'grams'
          return say(unit, { amount: format.number(raw.amount) })
        }
        break
      case 'nutrition':
        if (isRow(raw)) {
          const n = (key: string) => (typeof raw[key] === 'number' ? format.number(raw[key]) : '?')
          return say('nutrition', {
            kcal: n('kcal'),
            protein: n('protein'),
            fat: n('fat'),
            carbs: n('carbs'),
          })
        }
        break
      case 'modifierGroups':
        return list(raw, (group) => nameInRow(group, language) ?? words.changed)
      case 'allergens':
        return list(raw, (code) => wordOr(`allergen_${scalar(code)}`, scalar(code)))
      case 'diet':
        return list(raw, (code) => wordOr(`diet_${scalar(code)}`, scalar(code)))
      case 'highlight':
        return wordOr(`highlight_${scalar(raw)}`, scalar(raw))
      case 'zoneId':
        return named(raw)
      case 'categoryIds':
        return list(raw, named)
      case 'tables':
        return list(raw, (table) => scalar(isRow(table) ? table.code : table))
      case 'role':
        return wordOr(scalar(raw), scalar(raw))
    }
    if (typeof raw === 'boolean') return raw ? words.yes : words.no
    if (typeof raw === 'number') return format.number(raw)
    if (typeof raw === 'string') return raw
    const text = textIn(raw, language)
    if (text !== null) return text
    if (Array.isArray(raw)) return list(raw, (item) => value('', item, entry))
    return JSON.stringify(raw)
  }

  const fieldWord = (field: string, entity: string): string => {
    if (field === 'name' && (entity === 'waiter' || entity === 'manager')) return words.personName
    const key = FIELD_WORDS[field]
    if (key) return words[key]
    return field
      .replace(/_/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
  }

  /** The fields an update changed, each written as its form writes it. */
  const changedFields = (entry: AuditEntry, before: unknown, after: unknown) => {
    const was = isRow(before) ? before : {}
    const is = isRow(after) ? after : {}
    const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].filter(
      (field) => !UNSAID.has(field) && JSON.stringify(was[field]) !== JSON.stringify(is[field]),
    )
    return fields.map((field) => {
      let from = value(field, was[field], entry)
      let to = value(field, is[field], entry)
      if (from === to) {
        // Only the other language's text changed, or something the field's words do not show.
        const both = (raw: unknown) =>
          isRow(raw) && typeof raw.ru === 'string'
            ? `${raw.ru} / ${typeof raw.en === 'string' ? raw.en : words.none}`
            : null
        from = both(was[field]) ?? from
        to = both(is[field]) ?? (to === from ? words.changed : to)
        if (field === 'photo' || field === 'logo') to = words.newPhoto
      }
      return { field: fieldWord(field, entry.entity), before: from, after: to }
    })
  }

  const lines = (changes: { field: string; before: string; after: string }[]) =>
    changes.map((change) => ({ ...change, field: capital(change.field) }))

  /** The restaurant's settings as the settings screen shows them, field by field. */
  const settingsFields = (row: unknown): Map<string, string> => {
    const fields = new Map<string, string>()
    if (!isRow(row)) return fields
    const set = (label: SettingsLabel, raw: unknown, show: (raw: unknown) => string) => {
      if (raw !== undefined) fields.set(labels[label], show(raw))
    }
    const at = (from: unknown, ...path: string[]): unknown =>
      path.reduce<unknown>((value, key) => (isRow(value) ? value[key] : undefined), from)
    const plain = (raw: unknown) => value('', raw, NO_ENTRY)
    const money = (raw: unknown) => (typeof raw === 'number' ? format.money(raw) : words.none)
    const percent = (raw: unknown) =>
      typeof raw === 'number' ? format.number(raw / 100) : plain(raw)
    const choices = (raw: unknown) =>
      list(raw, (key) =>
        Object.hasOwn(labels, String(key)) ? labels[String(key) as SettingsLabel] : String(key),
      )

    set('timezone', row.timezone, plain)
    if (Array.isArray(row.openingHours)) {
      for (let day = 1; day <= 7; day += 1) {
        const periods = row.openingHours
          .filter((period): period is Row => isRow(period) && period.day === day)
          .map((period) => `${String(period.opens)}–${String(period.closes)}`)
        fields.set(
          labels[`day${String(day)}` as SettingsLabel],
          periods.length ? periods.join(', ') : words.closed,
        )
      }
    }
    const settings = row.settings
    set('orderTypes', at(settings, 'orderTypes'), choices)
    set('paymentMethods', at(settings, 'paymentMethods'), choices)
    set('onlinePayment', at(settings, 'onlinePayment'), plain)
    set('kitchenBeforeOnlinePayment', at(settings, 'kitchenBeforeOnlinePayment'), plain)
    set('waiterRefunds', at(settings, 'waiterRefunds'), plain)
    set('kitchenLead', at(settings, 'kitchenLeadMinutes'), plain)
    set('tipPresets', at(settings, 'tipPresetsPercent'), plain)
    set('serviceCharge', at(settings, 'serviceChargeBasisPoints'), percent)
    set('minOrder', at(settings, 'delivery', 'minOrder'), money)
    set('fee', at(settings, 'delivery', 'fee'), money)
    set('freeFrom', at(settings, 'delivery', 'freeFrom'), money)
    set('deliveryLead', at(settings, 'delivery', 'leadTimeMinutes'), plain)
    const zone = at(settings, 'delivery', 'zoneNote')
    if (zone !== undefined) {
      set('zoneRu', at(zone, 'ru') ?? null, plain)
      set('zoneEn', at(zone, 'en') ?? null, plain)
    }
    set('pickupLead', at(settings, 'pickup', 'leadTimeMinutes'), plain)
    set('preorderLead', at(settings, 'preorder', 'leadTimeMinutes'), plain)
    set('slot', at(settings, 'preorder', 'slotMinutes'), plain)
    set('sessionMinutes', at(settings, 'tableSessionMinutes'), plain)
    set('privacyUrl', at(settings, 'privacyPolicyUrl'), plain)
    set('escalation', row.callEscalationSeconds, plain)
    if (row.bonusProgram !== undefined) {
      const program = row.bonusProgram
      set('bonusActive', isRow(program) ? program.active : false, plain)
      set('earn', at(program, 'earnBasisPoints') ?? null, percent)
      set('maxShare', at(program, 'maxShareBasisPoints') ?? null, percent)
      set('expiry', at(program, 'expiryDays') ?? null, plain)
      set('welcome', at(program, 'welcomePoints') ?? null, plain)
      set('birthday', at(program, 'birthdayPoints') ?? null, plain)
    }
    set('smsBudget', row.smsDailyBudget, plain)
    return fields
  }

  /** Settings fields whose shown value changed; a field one side never had is not a change. */
  const settingsChanges = (before: unknown, after: unknown): AuditChangeLine[] => {
    const was = settingsFields(before)
    const is = settingsFields(after)
    return [...is.entries()]
      .filter(([field, shown]) => was.has(field) && was.get(field) !== shown)
      .map(([field, shown]) => ({ field, before: was.get(field) ?? words.none, after: shown }))
  }

  return { say, value, changedFields, lines, settingsChanges, words }
}

/** What the entry is about: the name the server gave, else the row's, else a readable id. */
export function auditSubject(entry: AuditEntry, language: AuditLanguage): string | null {
  const given = entry.subject ? textIn(entry.subject, language) : null
  if (given) return given
  const row =
    nameInRow(parsed(entry.after), language) ?? nameInRow(parsed(entry.before), language) ?? null
  if (row) return row
  if (entry.entityId === null || UUID.test(entry.entityId)) return null
  return entry.entityId
}

/**
 * The entry in the manager's words (decision 0116): "Мария Петровна: цена блюда «Окрошка» —
 * было 420 ₽, стало 450 ₽", settings by the settings screen's labels, only what changed. A kind
 * this release does not know still reads as a line: who, what, which, the action.
 */
export function auditText(entry: AuditEntry, format: AuditFormat): AuditText {
  const { say, value, changedFields, lines, settingsChanges, words } = writer(format)
  const { language } = format
  const before = parsed(entry.before)
  const after = parsed(entry.after)
  const actor = entry.actor.name
  const subject = auditSubject(entry, language)
  const name = subject === null ? '' : `«${subject}»`
  const entity = entry.entity
  const only = (sentence: string): AuditText => ({ sentence, changes: [] })

  const generic = () =>
    only(
      say('generic', {
        actor,
        what: isKnown(entity) ? words[kindWord(entity)] : entity,
        name,
        action: entry.action,
      }),
    )

  if (isNamed(entity)) {
    const noun = words[entity]
    const russian = RUSSIAN_NOUNS[entity]
    const values = {
      actor,
      noun,
      // English says "the price of the dish" when the dish has no name to give.
      name: name || (language === 'en' ? `the ${noun}` : ''),
      nounOf: russian.of,
      added: RUSSIAN_PARTICIPLES.added[russian.gender],
      removed: RUSSIAN_PARTICIPLES.removed[russian.gender],
      changedWord: RUSSIAN_PARTICIPLES.changedWord[russian.gender],
      deactivatedWord: RUSSIAN_PARTICIPLES.deactivatedWord[russian.gender],
    }
    switch (entry.action) {
      case 'create':
        return only(say('created', { ...values, name }))
      case 'delete':
        return only(say('deleted', { ...values, name }))
      case 'update': {
        const changes = changedFields(entry, before, after)
        const [one] = changes
        if (changes.length === 0) return only(say('unchanged', { ...values, name }))
        if (changes.length === 1 && one) {
          return only(
            say('changedOne', {
              ...values,
              field: one.field,
              from: one.before,
              to: one.after,
            }),
          )
        }
        return { sentence: say('changedMany', { ...values, name }), changes: lines(changes) }
      }
      case 'activate':
        return only(say('activated', { ...values, name }))
      case 'deactivate':
        return only(say('deactivated', { ...values, name }))
      case 'stop':
        return only(say('stop', values))
      case 'resume':
        return only(say('resume', values))
      case 'rotate':
        return only(say('rotate', { ...values, name }))
      case 'reset_pin':
        return only(say('resetPin', { ...values, name }))
      case 'assign_tables': {
        const tables = (row: unknown) => value('tables', isRow(row) ? row.tables : null, entry)
        const given = tables(after)
        return only(
          say(given === words.none ? 'assignNoTables' : 'assignTables', {
            ...values,
            name,
            tables: given,
            was: tables(before),
          }),
        )
      }
      case 'reset_password':
        return only(say('resetPassword', { ...values, name }))
      case 'reset_totp':
        return only(say('resetTotp', { ...values, name }))
      case 'reorder':
        if (entity === 'dish') return only(say('reorderDishes', values))
        if (entity === 'category') return only(say('reorderCategories', values))
        if (entity === 'zone') return only(say('reorderZones', values))
    }
    return generic()
  }

  const row = (value: unknown): Readonly<Record<string, unknown>> => (isRow(value) ? value : {})
  const shown = (value: unknown) => (typeof value === 'number' ? format.number(value) : '?')
  switch (`${entity}:${entry.action}`) {
    case 'stories:update': {
      const count = (value: unknown) => (Array.isArray(value) ? value.length : 0)
      const changes =
        count(before) === count(after)
          ? []
          : [
              {
                field: capital(words.storiesCount),
                before: format.number(count(before)),
                after: format.number(count(after)),
              },
            ]
      return { sentence: say('stories', { actor }), changes }
    }
    case 'menu_file:import':
      return only(
        say('imported', {
          actor,
          dishesBefore: shown(row(before).dishes),
          dishes: shown(row(after).dishes),
          categoriesBefore: shown(row(before).categories),
          categories: shown(row(after).categories),
        }),
      )
    case 'kitchen_thresholds:update': {
      const changes = lines(changedFields(entry, before, after))
      const [one] = changes
      if (changes.length === 1 && one) {
        return only(say('timerOne', { actor, field: one.field, from: one.before, to: one.after }))
      }
      return { sentence: say('timerMany', { actor }), changes }
    }
    case 'restaurant:create':
      return only(say('restaurantCreated', { actor, name }))
    case 'order:cancel':
    case 'order:refund':
    case 'order:comp':
    case 'order:refund_tip':
    case 'order:retry_refund': {
      const refund = row(after)
      const minor = (value: unknown) => format.money(typeof value === 'number' ? value : 0)
      const key = {
        cancel: 'orderCancelled',
        refund: 'orderRefunded',
        comp: 'orderComped',
        refund_tip: 'tipRefunded',
        retry_refund: 'refundRetried',
      } as const
      return only(
        say(key[entry.action as keyof typeof key], {
          actor,
          number: shown(refund.number),
          reason: typeof refund.reason === 'string' ? refund.reason : '',
          amount: minor(refund.amount),
          takenOff: minor(refund.takenOff),
          waiter: typeof refund.waiter === 'string' ? refund.waiter : words.someone,
        }),
      )
    }
    case 'profile:update': {
      const changes = lines(changedFields(entry, before, after))
      const [one] = changes
      if (changes.length === 1 && one) {
        return only(say('profileOne', { actor, field: one.field, from: one.before, to: one.after }))
      }
      return { sentence: say('profileMany', { actor }), changes }
    }
    case 'payment_account:update': {
      const changes = lines(changedFields(entry, before, after))
      const [one] = changes
      if (changes.length === 1 && one) {
        return only(
          say('paymentAccountOne', { actor, field: one.field, from: one.before, to: one.after }),
        )
      }
      return { sentence: say('paymentAccountMany', { actor }), changes }
    }
    case 'payment_account:check': {
      const result = row(after)
      return only(
        result.ok === true
          ? say('paymentCheckOk', { actor, account: scalar(result.account) })
          : say('paymentCheckFailed', { actor, problem: scalar(result.problem) }),
      )
    }
    case 'fiscal_settings:update': {
      const mode = row(after).mode
      return only(
        say(mode === 'atol' ? 'fiscalAtol' : mode === 'acquirer' ? 'fiscalAcquirer' : 'fiscalOff', {
          actor,
        }),
      )
    }
    case 'receipt:retry': {
      const receipt = row(after)
      return only(
        say('receiptRetry', {
          actor,
          total: scalar(receipt.total),
          contact: scalar(receipt.contact),
        }),
      )
    }
    case 'settings:update': {
      const changes = settingsChanges(before, after)
      const [one] = changes
      if (changes.length === 0) return only(say('settingsNone', { actor }))
      if (changes.length === 1 && one) {
        return only(say('settingOne', { actor, field: one.field, from: one.before, to: one.after }))
      }
      return { sentence: say('settingsMany', { actor }), changes }
    }
    case 'sign_in:under_attack': {
      const attack = row(after)
      const role = attack.role === 'garcon' ? 'waiter' : String(attack.role)
      const roleWord =
        language === 'ru' && isNamed(role)
          ? RUSSIAN_NOUNS[role].of
          : isNamed(role)
            ? words[role]
            : role
      return only(
        say('underAttack', {
          actor,
          role: roleWord,
          login: typeof attack.login === 'string' ? attack.login : words.someone,
          failures: shown(attack.failures),
        }),
      )
    }
    case 'sms_budget:nearly_spent':
    case 'sms_budget:spent': {
      const budget = row(after)
      const server = entry.entityId === 'server'
      const key =
        entry.action === 'spent'
          ? server
            ? 'spentServer'
            : 'spent'
          : server
            ? 'nearlySpentServer'
            : 'nearlySpent'
      return only(
        say(key, {
          actor,
          day: typeof budget.day === 'string' ? format.day(budget.day) : '?',
          sent: shown(budget.sent),
          budget: shown(budget.budget),
        }),
      )
    }
  }
  return generic()
}

/** The entry as one line of text: the sentence, then the changes it did not say. */
export function auditLine(text: AuditText): string {
  if (text.changes.length === 0) return text.sentence
  const changes = text.changes.map(
    (change) => `${change.field}: ${change.before} → ${change.after}`,
  )
  return `${text.sentence}: ${changes.join('; ')}`
}
