import { describe, expect, it } from 'vitest'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { maskValue } from '../../lib/masks'
import {
  CARD_NUMBER_MASK,
  cardBody,
  cardProblems,
  expiryProblem,
  passesLuhn,
  serverCardProblems,
} from './card-details'

const now = new Date('2026-05-20T12:00:00Z')

describe('card details', () => {
  it('accepts every documented test card by the Luhn checksum', () => {
    for (const number of Object.values(SANDBOX_TEST_CARDS)) expect(passesLuhn(number)).toBe(true)
    expect(passesLuhn('4242424242424241')).toBe(false)
  })

  it('groups the number in fours and sends the digits only', () => {
    const number = maskValue(SANDBOX_TEST_CARDS.succeeds, CARD_NUMBER_MASK)
    expect(number).toBe('4242 4242 4242 4242')
    expect(cardBody({ number, expiry: '12/30', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    })
  })

  it('takes a card through the last day of its expiry month', () => {
    expect(expiryProblem('05/26', now)).toBeUndefined()
    expect(expiryProblem('04/26', now)).toBe('expiryPast')
    expect(expiryProblem('13/30', now)).toBe('expiryInvalid')
    expect(expiryProblem('1/3', now)).toBe('expiryInvalid')
    expect(expiryProblem('', now)).toBe('expiryRequired')
  })

  it('names each field that is wrong', () => {
    expect(cardProblems({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: 'numberRequired',
      expiry: 'expiryRequired',
      cvc: 'cvcInvalid',
    })
    expect(cardProblems({ number: '4242 4242', expiry: '12/30', cvc: '12' }, now)).toEqual({
      number: 'numberIncomplete',
      cvc: 'cvcInvalid',
    })
    expect(
      cardProblems({ number: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, now),
    ).toEqual({ number: 'numberMistyped' })
    expect(
      cardProblems({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now),
    ).toEqual({})
  })

  it("reads the bank's field errors", () => {
    expect(serverCardProblems([{ path: 'body.number' }, { path: 'body.expiry' }])).toEqual({
      number: 'notTestCard',
      expiry: 'expiryPast',
    })
  })
})
