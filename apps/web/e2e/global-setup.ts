import type {} from 'vitest'
import type { TestProject } from 'vitest/node'
import { buildIfStale } from '../../../scripts/lib/build.mjs'
import { ensureChromium } from '../../../scripts/lib/chromium.mjs'
import { startServer } from '../../../scripts/lib/server-process.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

/** Builds what is stale, makes sure Chromium is there, and runs the real server once for the suite. */
export default async function setup(project: TestProject) {
  ensureChromium()
  buildIfStale()
  const server = await startServer()
  project.provide('baseUrl', server.url)
  return async () => {
    const code = await server.stop()
    if (code !== 0)
      throw new Error(`The server did not shut down cleanly (exit ${code}):\n${server.output()}`)
  }
}
