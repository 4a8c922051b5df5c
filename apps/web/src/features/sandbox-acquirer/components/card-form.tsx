import { useCallback, useId, useRef, useState, type SubmitEvent } from 'react'
import type { SandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import { isApiError } from '../../../lib/api-error'
import { useMaskInput } from '../../../lib/masks'
import { useMessages } from '../../../lib/i18n/use-translation'
import { usePayWithCard } from '../api/pay-with-card'
import {
  cardBody,
  cardCvcMaskOptions,
  cardExpiryMaskOptions,
  cardNumberMaskOptions,
  cardProblems,
  serverCardProblems,
  type CardDetails,
  type CardField,
  type CardProblems,
} from '../card-details'
import { sandboxMessages } from '../sandbox-messages'
import { BankField } from './bank-field'
import { LockIcon } from './bank-icons'
import { TestCards } from './test-cards'

const FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc']

/** Writes a value into a masked input as typing would, so the mask and its listener see it. */
function fillInput(input: HTMLInputElement | null | undefined, value: string) {
  if (!input) return
  input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/** The card form: number in fours, MM/YY, CVC; checked as the diner goes and on Pay. */
export function CardForm({ payment, amount }: { payment: SandboxPayment; amount: string }) {
  const { t } = useMessages(sandboxMessages)
  const pay = usePayWithCard(payment.ref)
  const titleId = useId()
  const [today] = useState(() => new Date())
  const [card, setCard] = useState<CardDetails>({ number: '', expiry: '', cvc: '' })
  const [checked, setChecked] = useState<ReadonlySet<CardField>>(new Set())
  const [bankProblems, setBankProblems] = useState<CardProblems>({})
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({})

  const change = (field: CardField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }))
    setBankProblems((current) => ({ ...current, [field]: undefined }))
  }
  const numberMask = useMaskInput(cardNumberMaskOptions, (value) => change('number', value))
  const expiryMask = useMaskInput(cardExpiryMaskOptions, (value) => change('expiry', value))
  const cvcMask = useMaskInput(cardCvcMaskOptions, (value) => change('cvc', value))
  const numberRef = useCallback(
    (input: HTMLInputElement | null) => {
      inputs.current.number = input
      return numberMask(input)
    },
    [numberMask],
  )
  const expiryRef = useCallback(
    (input: HTMLInputElement | null) => {
      inputs.current.expiry = input
      return expiryMask(input)
    },
    [expiryMask],
  )
  const cvcRef = useCallback(
    (input: HTMLInputElement | null) => {
      inputs.current.cvc = input
      return cvcMask(input)
    },
    [cvcMask],
  )

  const ownProblems = cardProblems(card, today)
  const problems: CardProblems = {
    number: bankProblems.number ?? ownProblems.number,
    expiry: bankProblems.expiry ?? ownProblems.expiry,
    cvc: bankProblems.cvc ?? ownProblems.cvc,
  }
  const shown = (field: CardField) => {
    const problem = checked.has(field) ? problems[field] : undefined
    return problem ? t(problem) : undefined
  }
  const check = (field: CardField) => setChecked((current) => new Set(current).add(field))

  const pickTestCard = (number: string) => {
    fillInput(inputs.current.number, number)
    const year = (today.getUTCFullYear() + 3) % 100
    if (card.expiry === '') fillInput(inputs.current.expiry, `12/${String(year).padStart(2, '0')}`)
    if (card.cvc === '') fillInput(inputs.current.cvc, '123')
    setChecked(new Set())
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setChecked(new Set(FIELDS))
    const first = FIELDS.find((field) => problems[field])
    if (first) {
      inputs.current[first]?.focus()
      return
    }
    pay.mutate(cardBody(card), {
      onError: (error) => {
        if (!isApiError(error) || error.status !== 400) return
        const refused = serverCardProblems(error.fields)
        setBankProblems(refused)
        const field = FIELDS.find((candidate) => refused[candidate])
        if (field) inputs.current[field]?.focus()
      },
    })
  }
  const failed = pay.isError && !(isApiError(pay.error) && [400, 409].includes(pay.error.status))

  return (
    <section className="bank-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="bank-panel__title">
        {t('cardTitle')}
      </h2>
      <form className="bank-card-form" noValidate onSubmit={submit}>
        <BankField
          className="bank-field--wide"
          label={t('cardNumber')}
          problem={shown('number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          inputRef={numberRef}
          onBlur={() => check('number')}
        />
        <BankField
          label={t('expiry')}
          hint={t('expiryHint')}
          problem={shown('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t('expiryHint')}
          inputRef={expiryRef}
          onBlur={() => check('expiry')}
        />
        <BankField
          label={t('cvc')}
          hint={t('cvcHint')}
          problem={shown('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="000"
          inputRef={cvcRef}
          onBlur={() => check('cvc')}
        />
        {failed ? (
          <p className="bank-form-error" role="alert">
            {t('stepFailed')}
          </p>
        ) : null}
        <button type="submit" className="bank-btn bank-btn--primary" disabled={pay.isPending}>
          <LockIcon size={20} />
          {pay.isPending ? t('paying') : t('pay', { amount })}
        </button>
      </form>
      <TestCards onPick={pickTestCard} />
    </section>
  )
}
