import fp from 'fastify-plugin'
import { registerApiRoutes } from '../../http/api-routes'
import { createLiveRepository } from './live-repository'
import { paidWithFrom } from '../payments/paid-with'
import { createLiveService } from './live-service'
import { createReportRepository } from './report-repository'
import { createReportService } from './report-service'
import { createReportWarmer } from './report-warmer'
import { registerReportsRoutes } from './reports-routes'

/** The back office's live screen and day report (decision 0072), past days kept warm (0081). */
export const reportsPlugin = fp(
  async (app) => {
    const { db, now, config } = app
    const report = createReportService(createReportRepository(db))
    const reportWarmer = createReportWarmer({ db, report, log: app.log, now })
    // Once per cluster: one node keeps the days warm for all (decision 0103).
    if (config.reportWarm.everyMs > 0)
      app.periodicJobs.add({ name: 'report-warmer', ...config.reportWarm, run: reportWarmer.warm })
    await registerApiRoutes(app, (api) => {
      registerReportsRoutes(api, {
        live: createLiveService(createLiveRepository(db), paidWithFrom(db), now),
        report,
        requireManager: app.staff.requireManager,
      })
    })
  },
  { name: 'reports', dependencies: ['context', 'staff'] },
)
