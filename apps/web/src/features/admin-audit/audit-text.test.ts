import { describe, expect, it } from 'vitest'
import { fieldName, subjectOf } from './audit-text'

const entry = (entityId: string | null, before: unknown, after: unknown) => ({
  entityId,
  before: before === null ? null : JSON.stringify(before),
  after: after === null ? null : JSON.stringify(after),
})

describe('the audit log in the manager’s words', () => {
  it('names known fields and splits the others at their capitals', () => {
    expect(fieldName('sortOrder', 'ru')).toBe('Место в списке')
    expect(fieldName('categoryIds', 'en')).toBe('Categories')
    expect(fieldName('tipPresetsPercent', 'en')).toBe('Tip presets percent')
    expect(fieldName('service_charge', 'ru')).toBe('Service charge')
  })

  it('says what an entry is about by its name, in the page’s language', () => {
    const uuid = '8ef45a62-5206-475d-925b-ef7c7a484d15'
    expect(subjectOf(entry(uuid, { name: 'Бар' }, null), 'ru')).toBe('Бар')
    const dish = entry('borscht', null, { name: { ru: 'Борщ', en: 'Borscht' } })
    expect(subjectOf(dish, 'en')).toBe('Borscht')
    expect(subjectOf(dish, 'ru')).toBe('Борщ')
    expect(subjectOf(entry('borscht', null, { name: { ru: 'Борщ' } }), 'en')).toBe('Борщ')
  })

  it('falls back to a meaningful id, never to a bare UUID', () => {
    expect(subjectOf(entry('T7', { seats: 4 }, { seats: 6 }), 'ru')).toBe('T7')
    expect(subjectOf(entry('8ef45a62-5206-475d-925b-ef7c7a484d15', null, null), 'ru')).toBeNull()
    expect(subjectOf(entry(null, '[', null), 'ru')).toBeNull()
  })
})
