import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-error'
import { fetchAuditCsv } from './audit'

describe("The audit log's CSV", () => {
  it('asks for what the filters chose, in the language, and returns the file', async () => {
    let asked = ''
    const csv = await fetchAuditCsv(
      '/api/v1',
      { actor: 'server', entity: '', from: '2026-11-01', to: undefined },
      'en',
      (url) => {
        asked = typeof url === 'string' ? url : ''
        return Promise.resolve(new Response('When,Who\r\n', { status: 200 }))
      },
    )
    expect(asked).toBe('/api/v1/admin/audit.csv?actor=server&from=2026-11-01&lang=en')
    expect(await csv.text()).toBe('When,Who\r\n')
  })

  it("throws the app's ApiError with the server's code, so a 401 ends the session", async () => {
    const error = await fetchAuditCsv('/api/v1', {}, 'ru', () =>
      Promise.resolve(
        Response.json(
          { error: { code: 'validation_failed', message: 'The period ends before it starts.' } },
          { status: 400 },
        ),
      ),
    ).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' })
  })
})
