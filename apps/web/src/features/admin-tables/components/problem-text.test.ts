import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-error'
import { translate } from '../../../lib/i18n/messages'
import { adminTablesMessages, type AdminTablesKey } from '../admin-tables-messages'
import { fieldProblems, problemText } from './problem-text'

const t = (key: AdminTablesKey) => translate(adminTablesMessages, 'ru', key)

describe('what a refused change of a table says to the manager', () => {
  it('names a taken code at its field, in the manager’s language', () => {
    const error = new ApiError(409, 'table_code_taken', 'Another table already has the code T1.', [
      { path: 'body.code', message: 'Another table already has the code T1' },
    ])
    expect(problemText(error, t)).toBe('Этот код уже есть у другого стола.')
    expect(fieldProblems(error, t)).toEqual({ code: 'Этот код уже есть у другого стола.' })
  })

  it('puts a zone name’s problem on the name, and an unknown failure in general words', () => {
    const taken = new ApiError(409, 'zone_name_taken', 'taken', [
      { path: 'body.name.ru', message: 'There is a zone named Зал already' },
    ])
    expect(fieldProblems(taken, t)).toEqual({ name: 'Зона с таким названием уже есть.' })
    expect(problemText(new ApiError(500, 'internal_error', 'boom'), t)).toBe(
      'Что-то пошло не так. Попробуйте ещё раз.',
    )
    expect(problemText(new Error('boom'), t)).toBe('Что-то пошло не так. Попробуйте ещё раз.')
  })
})
