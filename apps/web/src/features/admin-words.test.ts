import { describe, expect, it } from 'vitest'
import { safeParse, type ZodMiniType } from 'zod/mini'
import type { FieldError } from '@tableside/contracts/errors'
import { createStation, updateStation } from '@tableside/contracts/kitchen'
import { categoryBody, dishBody, saveMenuBody } from '@tableside/contracts/menu-admin'
import {
  createAdminTable,
  createAdminZone,
  updateAdminTable,
} from '@tableside/contracts/admin-tables'
import { createAdminStaff, createAdminWaiter } from '@tableside/contracts/admin-staff'
import { updateAdminSettings } from '@tableside/contracts/admin-settings'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { ApiError } from '../lib/api-error'
import { translate, type Messages } from '../lib/i18n/messages'
import { adminKitchenMessages } from './admin-kitchen/admin-kitchen-messages'
import { problemText as kitchenProblem } from './admin-kitchen/problem-text'
import { adminMenuMessages } from './admin-menu/admin-menu-messages'
import { formField } from './admin-menu/dish-form'
import { fieldProblem, type EditorKind } from './admin-menu/field-problems'
import { serverProblems as settingsProblems } from './admin-settings/settings-form'
import { staffMessages } from './admin-staff/admin-staff-messages'
import { serverProblems as staffProblems } from './admin-staff/staff-form'
import { adminTablesMessages } from './admin-tables/admin-tables-messages'
import { fieldProblems as tablesProblems } from './admin-tables/components/problem-text'

// Issue 30: an empty category name read "Too small: expected string to have >=1 characters".
// Every admin form's contract is run over bad input; what a form would show must be words.
const RAW = /expected|>=|<=|too small|too big|invalid input|invalid_|must /i
const LANGUAGES: readonly UiLanguage[] = ['ru', 'en']

/**
 * Shown text is the screen's words: no zod English, and on a Russian screen none of the server's
 * messages (English; a contract's own may read like the English screen's words).
 */
function expectWords(text: string, fields: readonly FieldError[], language: UiLanguage) {
  expect(text).not.toBe('')
  expect(text).not.toMatch(RAW)
  if (language === 'ru') for (const field of fields) expect(text).not.toContain(field.message)
}

const tOf =
  <Key extends string>(messages: Messages<Key>, language: UiLanguage) =>
  (key: Key, values?: Readonly<Record<string, string | number>>) =>
    translate(messages, language, key, values)

/** The contract's objections as zod gives them, and as the server sends them (spec §8). */
function refused(schema: ZodMiniType, input: unknown) {
  const parsed = safeParse(schema, input)
  if (parsed.success) throw new Error(`accepted: ${JSON.stringify(input)}`)
  const issues = parsed.error.issues
  const fields: FieldError[] = issues.map((issue) => ({
    path: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }))
  return {
    issues,
    fields,
    error: new ApiError(400, 'validation_failed', 'Invalid.', fields),
  }
}

const dish = {
  id: 'okroshka',
  name: { ru: 'Окрошка' },
  price: 42_000,
  modifierGroups: [],
  allergens: [],
  diet: [],
  ageRestricted: false,
  available: true,
}
const long = 'я'.repeat(2001)

const MENU_CASES: readonly [EditorKind, ZodMiniType, unknown][] = [
  [
    'category',
    categoryBody,
    { menuId: 'main', parentId: null, category: { id: 'soups', name: { ru: '' } } },
  ],
  [
    'category',
    categoryBody,
    { menuId: 'main', parentId: null, category: { id: 'soups', name: { ru: long } } },
  ],
  [
    'category',
    categoryBody,
    {
      menuId: 'main',
      parentId: null,
      category: { id: 'soups', name: { ru: 'Супы' }, description: { ru: '', en: 'Soups' } },
    },
  ],
  ['dish', dishBody, { categoryId: 'soups', dish: { ...dish, name: { ru: '' } } }],
  ['dish', dishBody, { categoryId: 'soups', dish: { ...dish, price: 'сорок' } }],
  ['dish', dishBody, { categoryId: 'soups', dish: { ...dish, price: -100 } }],
  [
    'dish',
    dishBody,
    { categoryId: 'soups', dish: { ...dish, portion: { amount: 'много', unit: 'g' } } },
  ],
  ['dish', dishBody, { categoryId: 'soups', dish: { ...dish, nutrition: { kcal: -1 } } }],
  [
    'dish',
    dishBody,
    {
      categoryId: 'soups',
      dish: {
        ...dish,
        modifierGroups: [
          { id: 'size', name: { ru: '' }, minChoices: 0, maxChoices: 1, options: [] },
        ],
      },
    },
  ],
  ['menu', saveMenuBody, { name: { ru: '' } }],
  ['menu', saveMenuBody, { name: { ru: 'Основное' }, servedFrom: '25:99' }],
]

describe('the back office says what is wrong in words (issue 30)', () => {
  for (const language of LANGUAGES) {
    it(`menu forms (${language}): the contract's objections and the server's, never zod's text`, () => {
      const t = tOf(adminMenuMessages, language)
      for (const [editor, schema, input] of MENU_CASES) {
        const { issues, fields } = refused(schema, input)
        issues.forEach((issue, index) => {
          const field = formField(fields[index]?.path ?? '')
          for (const text of [
            fieldProblem(editor, field, issue, t),
            fieldProblem(editor, field, null, t),
          ]) {
            expectWords(text, fields, language)
          }
        })
      }
    })

    it(`tables, kitchen, staff and settings forms (${language}) place the server's refusals in words`, () => {
      const kitchenT = tOf(adminKitchenMessages, language)
      for (const [schema, input] of [
        [createStation.body, { name: '' }],
        [createStation.body, { name: 'ц'.repeat(61) }],
        [updateStation.body, { name: '   ', sortOrder: -1 }],
      ] as const) {
        const { fields, error } = refused(schema, input)
        expectWords(kitchenProblem(error, kitchenT), fields, language)
      }
      const tablesT = tOf(adminTablesMessages, language)
      for (const [schema, input] of [
        [createAdminTable.body, { code: 'стол 1', label: '', seats: 0, zoneId: null }],
        [updateAdminTable.body, { label: 'с'.repeat(61), seats: 500 }],
        [createAdminZone.body, { name: { ru: '' } }],
      ] as const) {
        const { fields, error } = refused(schema, input)
        const shown = Object.values(tablesProblems(error, tablesT))
        expect(shown.length).toBeGreaterThan(0)
        for (const text of shown) expectWords(text ?? '', fields, language)
      }
      const staffT = tOf(staffMessages, language)
      for (const [schema, input] of [
        [createAdminWaiter.body, { name: '', login: 'Не логин', pin: '12' }],
        [createAdminStaff.body, { role: 'manager', name: '', login: '-', password: 'short' }],
      ] as const) {
        const { fields, error } = refused(schema, input)
        const problems = staffProblems(error.code, fields)
        expect(Object.keys(problems).length).toBeGreaterThan(0)
        for (const key of Object.values(problems)) expectWords(staffT(key), fields, language)
      }
      const { fields } = refused(updateAdminSettings.body, { timezone: 42, settings: 'none' })
      const settings = settingsProblems([
        ...fields,
        { path: 'body.somethingNew', message: 'Too small: expected >=1' },
      ])
      // Keys of the screen's messages and a count: no server text passes through.
      expect(JSON.stringify(settings)).not.toMatch(RAW)
      expect(settings.unplaced).toBeGreaterThan(0)
    })
  }

  it("the cases do meet zod's own English (the premise: what a form must not show)", () => {
    const messages = MENU_CASES.flatMap(([, schema, input]) =>
      refused(schema, input).fields.map((f) => f.message),
    )
    expect(messages.filter((message) => RAW.test(message)).length).toBeGreaterThan(5)
  })

  it('an empty category name asks for the name', () => {
    const { issues, fields } = refused(categoryBody, {
      menuId: 'main',
      parentId: null,
      category: { id: 'soups', name: { ru: '  ' } },
    })
    const field = formField(fields[0]?.path ?? '')
    expect(field).toBe('category.name.ru')
    expect(fieldProblem('category', field, issues[0] ?? null, tOf(adminMenuMessages, 'ru'))).toBe(
      'Введите название категории.',
    )
    expect(fieldProblem('category', field, issues[0] ?? null, tOf(adminMenuMessages, 'en'))).toBe(
      "Enter the category's name.",
    )
  })
})
