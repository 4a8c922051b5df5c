import type { Translate } from '../../lib/i18n/use-translation'
import type { AdminMenuMessageKey } from './admin-menu-messages'

/** Which editor the field is in: a name is "the category's" or "the dish's". */
export type EditorKind = 'dish' | 'category' | 'menu' | 'stories'

/**
 * What the contract said of a bad value, as far as the words need it (a zod issue). The server
 * sends only its own English message, so a refusal the form did not foresee has none.
 */
export interface ValueIssue {
  code: string
  origin?: string
  expected?: string
  minimum?: unknown
  maximum?: unknown
}

const bound = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? String(value) : ''

/**
 * A bad field in the manager's words and the screen's language (issue 30: an empty category name
 * read "Too small: expected string to have >=1 characters"). `field` is the form's path
 * (`name.ru`, `price`, `category.name.ru`); never the contract's or the server's English text.
 */
export function fieldProblem(
  editor: EditorKind,
  field: string,
  issue: ValueIssue | null,
  t: Translate<AdminMenuMessageKey>,
): string {
  const empty = issue?.code === 'too_small' && issue.origin === 'string'
  if (/(^|\.)name\.ru$/.test(field) && (empty || issue?.code === 'invalid_type')) {
    if (field.startsWith('modifierGroups.')) return t('textRequired')
    if (editor === 'category') return t('categoryNameRequired')
    if (editor === 'dish') return t('dishNameRequired')
    if (editor === 'menu') return t('menuNameRequired')
  }
  if (field === 'price' && issue) return t('priceRequired')
  if (!issue) return t('invalidValue')
  if (empty) return t('textRequired')
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return t('textTooLong', { max: bound(issue.maximum) })
  }
  if (issue.code === 'too_small' && bound(issue.minimum)) {
    return t('numberTooSmall', { min: bound(issue.minimum) })
  }
  if (issue.code === 'too_big' && bound(issue.maximum)) {
    return t('numberTooBig', { max: bound(issue.maximum) })
  }
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) {
    return t('notANumber')
  }
  return t('invalidValue')
}
