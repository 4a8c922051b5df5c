import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { buildIfStale } from '../../../scripts/lib/build.mjs'
import { ensureChromium, launchChromiumServer } from '../../../scripts/lib/chromium.mjs'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { seedStoryRestaurants } from './seed-story-restaurants'
import type { StoryRestaurant } from './story-restaurants'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    /** The run's Chromium, which story files connect to (`useBrowser` in fixtures). */
    browserEndpoint: string
    realtime: { appId: string; key: string; secret: string }
    /** Each story file's own restaurant, by the file's name (`storyRestaurant()` in fixtures). */
    storyRestaurants: Record<string, StoryRestaurant>
    /** The story restaurants' call escalation time on this server, in seconds. */
    escalationSeconds: number
  }
}

/** The restaurants' call escalation time on the e2e server (the schema's minimum). */
const ESCALATION_SECONDS = 10

/**
 * Builds what is stale, makes sure Chromium is there, seeds a restaurant per story file and
 * runs the real server once for the suite (decision 0093).
 */
export default async function setup(project: TestProject) {
  ensureChromium()
  // The servers this setup starts, as the stories' own (vitest.config.ts, `STORY_ENV`).
  process.env.TABLESIDE_SERVER_NODE_ARGS ??= '--liftoff-only'
  buildIfStale()
  const dataDir = mkdtempSync(join(tmpdir(), 'tableside-data-'))
  const { testFiles } = await project.globTestFiles()
  const realtime = { appId: '777001', key: 'e2e-key', secret: randomBytes(16).toString('hex') }
  let restaurants, server
  const browser = await launchChromiumServer()
  try {
    restaurants = await seedStoryRestaurants(dataDir, testFiles, ESCALATION_SECONDS)
    server = await startServer({
      dataDir,
      env: {
        REALTIME_APP_ID: realtime.appId,
        REALTIME_APP_KEY: realtime.key,
        REALTIME_APP_SECRET: realtime.secret,
        // Every story restaurant takes payments online through the sandbox acquirer, as the
        // demo does (without it only the demo would).
        PAYMENT_PROVIDER: 'sandbox',
      },
    })
  } catch (error) {
    await browser.close()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  project.provide('baseUrl', server.url)
  project.provide('browserEndpoint', browser.wsEndpoint())
  project.provide('realtime', realtime)
  project.provide('escalationSeconds', ESCALATION_SECONDS)
  project.provide('storyRestaurants', restaurants)
  return async () => {
    await browser.close()
    const code = await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    if (code !== 0)
      throw new Error(`The server did not shut down cleanly (exit ${code}):\n${server.output()}`)
  }
}
