import { SmsSendError, type SmsProvider } from '../../features/client/sms-provider'

export const SMSRU_DEFAULT_BASE_URL = 'https://sms.ru'
/** A code that arrives later than this is of little use; the diner can ask again. */
export const SMSRU_DEFAULT_TIMEOUT_MS = 10_000

interface SmsRuAnswer {
  status?: unknown
  status_code?: unknown
  status_text?: unknown
  sms?: Record<string, { status?: unknown; status_code?: unknown; status_text?: unknown }>
}

/**
 * SMS.ru (https://sms.ru/api/send): `POST /sms/send` with api_id, to (digits, no plus), msg and
 * json=1. The answer's `status` is OK or ERROR for the request (a wrong api_id, no money), and
 * `sms[number].status` for each number. Errors name the gateway's code and text, never the
 * message: it holds a sign-in code.
 */
export function createSmsRuProvider(options: {
  apiId: string
  baseUrl?: string
  timeoutMs?: number
  fetch?: typeof fetch
}): SmsProvider {
  const base = (options.baseUrl ?? SMSRU_DEFAULT_BASE_URL).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? SMSRU_DEFAULT_TIMEOUT_MS
  const doFetch = options.fetch ?? fetch
  return {
    name: 'smsru',
    async send(phone, text) {
      const to = phone.replace(/^\+/, '')
      const body = new URLSearchParams({ api_id: options.apiId, to, msg: text, json: '1' })
      let response: Response
      try {
        response = await doFetch(`${base}/sms/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError'
        throw new SmsSendError(
          timedOut
            ? `SMS.ru did not answer within ${String(timeoutMs)} ms`
            : `SMS.ru could not be reached: ${error instanceof Error ? error.message : 'network error'}`,
        )
      }
      if (!response.ok) {
        await response.body?.cancel()
        // A 4xx refused the request; a 5xx may have come after the message went out.
        throw new SmsSendError(`SMS.ru answered HTTP ${String(response.status)}`, {
          notSent: response.status < 500,
        })
      }
      let answer: SmsRuAnswer
      try {
        answer = (await response.json()) as SmsRuAnswer
      } catch {
        throw new SmsSendError('SMS.ru answered with something other than JSON')
      }
      if (answer.status !== 'OK') {
        throw new SmsSendError(`SMS.ru refused the request: ${describe(answer)}`, { notSent: true })
      }
      const forNumber = answer.sms?.[to]
      if (forNumber?.status !== 'OK') {
        throw new SmsSendError(
          forNumber
            ? `SMS.ru refused the message to this number: ${describe(forNumber)}`
            : 'SMS.ru did not say what became of the message to this number',
          { notSent: forNumber !== undefined },
        )
      }
    },
  }
}

const describe = (part: { status_code?: unknown; status_text?: unknown }): string => {
  const code = typeof part.status_code === 'number' ? part.status_code : 'no code'
  const text = typeof part.status_text === 'string' ? part.status_text.slice(0, 200) : 'no text'
  return `${String(code)} (${text})`
}
