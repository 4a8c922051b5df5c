import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSmsRuProvider } from './smsru-sms'
import { SmsSendError } from '../../features/client/sms-provider'
import { startSmsRuStandIn, STAND_IN_API_ID as API_ID } from './smsru-stand-in'

describe('SMS.ru adapter against a stand-in of its HTTP API', () => {
  let standIn: Awaited<ReturnType<typeof startSmsRuStandIn>>
  beforeAll(async () => {
    standIn = await startSmsRuStandIn()
  })
  afterAll(async () => {
    standIn.server.closeAllConnections()
    await new Promise((resolve) => standIn.server.close(resolve))
  })
  const provider = (apiId = API_ID) =>
    createSmsRuProvider({ apiId, baseUrl: standIn.url, timeoutMs: 300 })
  const failure = async (promise: Promise<void>): Promise<SmsSendError> => {
    const error: unknown = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(SmsSendError)
    return error as SmsSendError
  }

  it('sends the text to the number without its plus, as JSON is asked for', async () => {
    await provider().send('+79161234567', '123456 — код для входа')
    const sent = standIn.received.at(-1)
    expect(sent?.get('to')).toBe('79161234567')
    expect(sent?.get('msg')).toBe('123456 — код для входа')
    expect(sent?.get('api_id')).toBe(API_ID)
    expect(sent?.get('json')).toBe('1')
  })

  it('says clearly why a message did not go, never repeating the code', async () => {
    const cases: [string, string | undefined, RegExp][] = [
      ['+79161234567', 'WRONG-API-ID-0000', /refused the request: 200 \(Неправильный api_id\)/],
      ['+79990000201', undefined, /refused the request: 201 \(Не хватает средств/],
      ['+79990000207', undefined, /refused the message to this number: 207/],
      ['+79990000000', undefined, /did not answer within 300 ms/],
      ['+79990000500', undefined, /answered HTTP 502/],
    ]
    for (const [phone, apiId, reason] of cases) {
      const error = await failure(provider(apiId).send(phone, '654321 — код для входа'))
      expect(error.message).toMatch(reason)
      expect(error.message).not.toContain('654321')
    }
    const unreachable = createSmsRuProvider({
      apiId: API_ID,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 300,
    })
    expect((await failure(unreachable.send('+79161234567', '111111'))).message).toMatch(
      /could not be reached/,
    )
  })
})
