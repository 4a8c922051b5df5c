import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-error'
import { fetchReportCsv } from './admin-report'

const range = { from: '2026-11-01', to: '2026-11-07' }

describe("The report's CSV", () => {
  it("throws the app's ApiError with the server's code, so a 401 ends the session", async () => {
    const error = await fetchReportCsv('/api/v1', range, 'ru', () =>
      Promise.resolve(
        Response.json(
          { error: { code: 'unauthorized', message: 'Sign in again.' } },
          { status: 401 },
        ),
      ),
    ).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Sign in again.' })
  })

  it('says when the server cannot be reached', async () => {
    const error = await fetchReportCsv('/api/v1', range, 'en', () =>
      Promise.reject(new TypeError('Failed to fetch')),
    ).catch((failure: unknown) => failure)
    expect(error).toMatchObject({ name: 'ApiError', code: 'network_error' })
  })

  it('asks for the range in the language and returns the file', async () => {
    let asked = ''
    const csv = await fetchReportCsv('/api/v1', range, 'en', (url) => {
      asked = typeof url === 'string' ? url : ''
      return Promise.resolve(new Response('day;revenue\n', { status: 200 }))
    })
    expect(asked).toBe('/api/v1/admin/reports/day.csv?from=2026-11-01&to=2026-11-07&lang=en')
    expect(await csv.text()).toBe('day;revenue\n')
  })
})
