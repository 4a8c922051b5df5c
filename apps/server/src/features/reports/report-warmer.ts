import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { warmRanges } from './report-repository'
import type { ReportService } from './report-service'

/** The days kept warm, ending yesterday: the longest range the report screen offers. */
export const WARM_DAYS = 90

export interface ReportWarmerDeps {
  db: Kysely<Database>
  report: ReportService
  log?: { warn: (object: object, message: string) => void }
  now?: () => Date
}

/**
 * Keeps the sums of every restaurant's last WARM_DAYS days before today (decision 0081), so a
 * manager's first report of a long range reads kept days instead of summing each (1.2 s for
 * 90 days of 100,000 orders, against a budget of 300 ms). It asks for the same report the
 * screen asks for: days whose sums are current cost only their fingerprint, and a day changed
 * since (a late refund) is summed again. Today is left out: it changes all day.
 */
export function createReportWarmer({ db, report, log, now = () => new Date() }: ReportWarmerDeps) {
  let running: Promise<number> | undefined

  const warmAll = async (): Promise<number> => {
    const at = now().toISOString()
    const restaurants = await warmRanges(db, at, WARM_DAYS)
    let warmed = 0
    for (const { id, from, to } of restaurants) {
      try {
        await report(id, { from, to })
        warmed++
      } catch (error) {
        // One restaurant's failure leaves the others warm; the next round tries it again.
        log?.warn({ err: error, restaurantId: id }, 'Keeping the report days failed')
      }
    }
    return warmed
  }

  /** Keeps every restaurant's days now, one restaurant after another; how many were kept. */
  const warm = (): Promise<number> => {
    running ??= warmAll().finally(() => {
      running = undefined
    })
    return running
  }

  return { warm }
}

export type ReportWarmer = ReturnType<typeof createReportWarmer>
