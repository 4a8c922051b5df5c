import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import {
  ADMIN_REPORT_CSV_PATH,
  getAdminLive,
  getAdminReport,
  reportCsvQuery,
} from '@tableside/contracts/admin-reports'
import { errorBody } from '@tableside/contracts/errors'
import { registerEndpoint, SENT } from '../../http/register-endpoint'
import type { LiveService } from './live-service'
import { reportCsv } from './report-csv'
import type { ReportService } from './report-service'

export interface ReportsRouteDeps {
  live: LiveService
  report: ReportService
  /** The signed-in manager (401 otherwise): only their restaurant is ever read. */
  requireManager: (request: FastifyRequest) => Promise<{ restaurantId: string }>
}

/** The back office's live screen and day report (issue 17); the manager's restaurant only. */
export function registerReportsRoutes(app: FastifyInstance, deps: ReportsRouteDeps): void {
  registerEndpoint(app, getAdminLive, async ({ query, request, reply }) => {
    const manager = await deps.requireManager(request)
    const { view, etag } = await deps.live(manager.restaurantId, query)
    // Each manager's own copy: the browser revalidates it on every poll and gets a 304.
    void reply
      .header('etag', etag)
      .header('cache-control', 'private, no-cache')
      .header('vary', 'x-manager-token')
    if (request.headers['if-none-match'] === etag) {
      void reply.code(304).send()
      return SENT
    }
    return view
  })

  registerEndpoint(app, getAdminReport, async ({ query, request, reply }) => {
    const manager = await deps.requireManager(request)
    void reply.header('cache-control', 'private, no-store')
    return deps.report(manager.restaurantId, query)
  })

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: ADMIN_REPORT_CSV_PATH,
    schema: {
      summary: 'The day report as CSV (UTF-8 with a BOM; ru: `;` and a decimal comma)',
      tags: ['admin'],
      querystring: reportCsvQuery,
      response: { 200: z.string(), '4xx': errorBody, '5xx': errorBody },
    },
    handler: async (request, reply) => {
      const manager = await deps.requireManager(request)
      const { lang = 'ru', ...range } = request.query
      const report = await deps.report(manager.restaurantId, range)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="report-${range.from}-${range.to}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(reportCsv(report, lang))
    },
  })
}
