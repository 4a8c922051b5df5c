import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { buildIfStale } from '../../../scripts/lib/build.mjs'
import { ensureChromium } from '../../../scripts/lib/chromium.mjs'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server a worker (`VITEST_POOL_ID`): two files never share one at the same time. */
    servers: Array<{
      baseUrl: string
      /** The demo tables' QR tokens by code, as the server printed them at start. */
      tableTokens: Record<string, string>
    }>
    realtime: { appId: string; key: string; secret: string }
    /** The demo restaurant's call escalation time on these servers, in seconds. */
    escalationSeconds: number
  }
}

/**
 * As many servers as Vitest has workers (`maxWorkers` in vitest.config.ts): the stories of one
 * file at a time on each, so the two workers run the shared-server files side by side instead of
 * one after another at the end of the run (decision 0061).
 */
const SERVERS = 2

/** The demo restaurant's call escalation time on the e2e server (the schema's minimum). */
const ESCALATION_SECONDS = 10

/** Builds what is stale, makes sure Chromium is there, and runs the real servers once for the suite. */
export default async function setup(project: TestProject) {
  ensureChromium()
  buildIfStale()
  const realtime = { appId: '777001', key: 'e2e-key', secret: randomBytes(16).toString('hex') }
  const starts = await Promise.allSettled(
    Array.from({ length: SERVERS }, () =>
      startServer({
        env: {
          REALTIME_APP_ID: realtime.appId,
          REALTIME_APP_KEY: realtime.key,
          REALTIME_APP_SECRET: realtime.secret,
          // An unanswered call reaches every waiter after this (decision 0045): short enough to watch.
          DEMO_CALL_ESCALATION_SECONDS: String(ESCALATION_SECONDS),
        },
      }),
    ),
  )
  const servers = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []))
  const failed = starts.find((start) => start.status === 'rejected')
  if (failed) {
    // The one that came up is nobody's to stop but ours.
    for (const server of servers) {
      await server.stop()
      rmSync(server.dataDir, { recursive: true, force: true })
    }
    throw failed.reason
  }
  project.provide(
    'servers',
    await Promise.all(
      servers.map(async (server) => ({
        baseUrl: server.url,
        tableTokens: await demoTableTokens(server),
      })),
    ),
  )
  project.provide('realtime', realtime)
  project.provide('escalationSeconds', ESCALATION_SECONDS)
  return async () => {
    const failures: string[] = []
    for (const server of servers) {
      const code = await server.stop()
      rmSync(server.dataDir, { recursive: true, force: true })
      if (code !== 0) failures.push(`exit ${code}:\n${server.output()}`)
    }
    if (failures.length > 0)
      throw new Error(`A server did not shut down cleanly (${failures.join('\n\n')})`)
  }
}
