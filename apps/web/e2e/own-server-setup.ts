import { buildIfStale } from '../../../scripts/lib/build.mjs'
import { ensureChromium } from '../../../scripts/lib/chromium.mjs'

/**
 * For the stories that start servers of their own (`e2e-servers` in vitest.config.ts): what
 * they need is built and Chromium is there; no shared server. Vitest sets projects up one
 * after another, so this finds the build the shared suite's setup made.
 */
export default function setup() {
  ensureChromium()
  buildIfStale()
}
