import type { TestProject } from 'vitest/node'
import { buildIfStale } from '../../../scripts/lib/build.mjs'
import { ensureChromium, launchChromiumServer } from '../../../scripts/lib/chromium.mjs'

/**
 * For the stories that start servers of their own (`e2e-servers` in vitest.config.ts): what
 * they need is built, and the run's Chromium is started for them to connect to; no shared
 * server. Vitest sets projects up one after another, so this finds the build the shared suite's
 * setup made.
 */
export default async function setup(project: TestProject) {
  ensureChromium()
  // The servers this setup starts, as the stories' own (vitest.config.ts, `STORY_ENV`).
  process.env.TABLESIDE_SERVER_NODE_ARGS ??= '--liftoff-only'
  buildIfStale()
  const browser = await launchChromiumServer()
  project.provide('browserEndpoint', browser.wsEndpoint())
  return () => browser.close()
}
