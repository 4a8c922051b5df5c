import type { AuditEntry } from '@tableside/contracts/audit'

type Language = 'ru' | 'en'

/** What the log calls the fields managers change most, in their language. */
const FIELD_WORDS: Record<Language, Readonly<Record<string, string>>> = {
  en: {
    name: 'Name',
    description: 'Description',
    price: 'Price',
    available: 'On sale',
    photo: 'Photo',
    sortOrder: 'Position',
    categoryIds: 'Categories',
    categoryId: 'Category',
    warnMinutes: 'Amber after, min',
    lateMinutes: 'Red after, min',
    code: 'Code',
    label: 'Label',
    seats: 'Seats',
    active: 'Active',
    zoneId: 'Zone',
    login: 'Login',
    role: 'Role',
    timezone: 'Time zone',
    openingHours: 'Opening hours',
    settings: 'Settings',
  },
  ru: {
    name: 'Название',
    description: 'Описание',
    price: 'Цена',
    available: 'В продаже',
    photo: 'Фото',
    sortOrder: 'Место в списке',
    categoryIds: 'Категории',
    categoryId: 'Категория',
    warnMinutes: 'Жёлтая через, мин',
    lateMinutes: 'Красная через, мин',
    code: 'Код',
    label: 'Подпись',
    seats: 'Мест',
    active: 'Работает',
    zoneId: 'Зона',
    login: 'Логин',
    role: 'Роль',
    timezone: 'Часовой пояс',
    openingHours: 'Часы работы',
    settings: 'Настройки',
  },
}

/** A field's name for people: the known ones in words, others split at their capitals. */
export function fieldName(field: string, language: Language): string {
  const known = FIELD_WORDS[language][field]
  if (known) return known
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const parsed = (text: string | null): unknown => {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** A name as the rows keep it: plain text, or Russian with an optional English. */
function nameIn(row: unknown, language: Language): string | null {
  if (row === null || typeof row !== 'object' || !('name' in row)) return null
  const name = row.name
  if (typeof name === 'string') return name
  if (name === null || typeof name !== 'object') return null
  const text = language === 'en' && 'en' in name ? name.en : 'ru' in name ? name.ru : null
  return typeof text === 'string' ? text : null
}

/**
 * What the entry is about, for its heading: the thing's name when its rows have one (a dish,
 * a station, a waiter), else its id unless that is a bare UUID, which says nothing to a person.
 */
export function subjectOf(
  entry: Pick<AuditEntry, 'entityId' | 'before' | 'after'>,
  language: Language,
): string | null {
  const name = nameIn(parsed(entry.after), language) ?? nameIn(parsed(entry.before), language)
  if (name) return name
  if (entry.entityId === null || UUID.test(entry.entityId)) return null
  return entry.entityId
}
