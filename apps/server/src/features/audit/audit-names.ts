import type { AuditEntry } from '@tableside/contracts/audit'
import type { LocalizedText } from '@tableside/contracts/text'
import type { CurrentNameIds, CurrentNames } from './audit-log-repository'

type Row = Readonly<Record<string, unknown>>
type Entry = Omit<AuditEntry, 'subject' | 'names'>

const isRow = (value: unknown): value is Row =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

const parsed = (text: string | null): unknown => {
  if (text === null) return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return null
  }
}

/** A name as rows keep it (text, or Russian with an optional English); empty is none. */
function asText(value: unknown): LocalizedText | null {
  if (typeof value === 'string') return value.trim() ? { ru: value.trim() } : null
  if (!isRow(value) || typeof value.ru !== 'string' || !value.ru.trim()) return null
  const en = typeof value.en === 'string' && value.en.trim() ? value.en.trim() : undefined
  return en === undefined ? { ru: value.ru.trim() } : { ru: value.ru.trim(), en }
}

/** The name the entry recorded: a thing's name, else a table's name on the floor or code. */
function recordedName(entry: Entry): LocalizedText | null {
  for (const row of [parsed(entry.after), parsed(entry.before)]) {
    if (!isRow(row)) continue
    const name = asText(row.name) ?? asText(row.label) ?? asText(row.code)
    if (name) return name
  }
  return null
}

/** Where the current name of the entry's own thing is looked up, if it did not say. */
function subjectKind(entry: Entry): (keyof CurrentNameIds)[] {
  switch (entry.entity) {
    case 'dish':
      return entry.action === 'reorder' ? ['categories'] : ['dishes']
    case 'category':
      return entry.action === 'reorder' ? ['categories', 'menus'] : ['categories']
    case 'menu':
      return ['menus']
    case 'table':
      return ['tables']
    case 'zone':
      return entry.action === 'reorder' ? [] : ['zones']
    case 'waiter':
      return ['waiters']
    case 'manager':
    case 'kitchen':
      return ['staff']
    case 'station':
      return ['stations']
    default:
      return []
  }
}

/** Ids of other things the entry's rows name: a table's zone, a station's categories. */
function mentioned(entry: Entry): Pick<CurrentNameIds, 'zones' | 'categories'> {
  const zones: string[] = []
  const categories: string[] = []
  for (const row of [parsed(entry.before), parsed(entry.after)]) {
    if (!isRow(row)) continue
    if (entry.entity === 'table' && typeof row.zoneId === 'string') zones.push(row.zoneId)
    if (entry.entity === 'station' && Array.isArray(row.categoryIds)) {
      categories.push(...row.categoryIds.filter((id): id is string => typeof id === 'string'))
    }
  }
  return { zones, categories }
}

/**
 * What each entry is about, by name (decision 0116): the name it recorded, else what its thing is
 * called now, else null; and the names of the things it mentions by id. Looked up at once for a
 * page of entries.
 */
export async function withNames(
  entries: Entry[],
  lookUp: (ids: CurrentNameIds) => Promise<CurrentNames>,
): Promise<AuditEntry[]> {
  const ids: CurrentNameIds = {
    dishes: [],
    categories: [],
    menus: [],
    tables: [],
    zones: [],
    waiters: [],
    staff: [],
    stations: [],
  }
  for (const entry of entries) {
    if (entry.entityId !== null && !recordedName(entry)) {
      for (const kind of subjectKind(entry)) ids[kind].push(entry.entityId)
    }
    const { zones, categories } = mentioned(entry)
    ids.zones.push(...zones)
    ids.categories.push(...categories)
  }
  const current = await lookUp(ids)
  return entries.map((entry) => {
    const { entityId } = entry
    const subject =
      recordedName(entry) ??
      (entityId === null
        ? null
        : (subjectKind(entry)
            .map((kind) => asText(current[kind].get(entityId)))
            .find((name) => name !== null) ?? null))
    const names: Record<string, LocalizedText> = {}
    const { zones, categories } = mentioned(entry)
    for (const id of zones) {
      const name = asText(current.zones.get(id))
      if (name) names[id] = name
    }
    for (const id of categories) {
      const name = asText(current.categories.get(id))
      if (name) names[id] = name
    }
    return { ...entry, subject, names }
  })
}
