import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { buildIfStale } from '../../../scripts/lib/build.mjs'
import { ensureChromium } from '../../../scripts/lib/chromium.mjs'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    realtime: { appId: string; key: string; secret: string }
    /** The demo tables' QR tokens by code, as the server printed them at start. */
    tableTokens: Record<string, string>
    /** The demo restaurant's call escalation time on this server, in seconds. */
    escalationSeconds: number
  }
}

/** The demo restaurant's call escalation time on the e2e server (the schema's minimum). */
const ESCALATION_SECONDS = 10

/** Builds what is stale, makes sure Chromium is there, and runs the real server once for the suite. */
export default async function setup(project: TestProject) {
  ensureChromium()
  buildIfStale()
  const realtime = { appId: '777001', key: 'e2e-key', secret: randomBytes(16).toString('hex') }
  const server = await startServer({
    env: {
      REALTIME_APP_ID: realtime.appId,
      REALTIME_APP_KEY: realtime.key,
      REALTIME_APP_SECRET: realtime.secret,
      // An unanswered call reaches every waiter after this (decision 0045): short enough to watch.
      DEMO_CALL_ESCALATION_SECONDS: String(ESCALATION_SECONDS),
    },
  })
  project.provide('baseUrl', server.url)
  project.provide('realtime', realtime)
  project.provide('escalationSeconds', ESCALATION_SECONDS)
  project.provide('tableTokens', await demoTableTokens(server))
  return async () => {
    const code = await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
    if (code !== 0)
      throw new Error(`The server did not shut down cleanly (exit ${code}):\n${server.output()}`)
  }
}
