import { mkdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const SOURCE = fileURLToPath(new URL('../features/menu/photo-worker.ts', import.meta.url))
/** Inside the repository, so the worker finds `sharp` in its node_modules as the built one does. */
const DIR = fileURLToPath(new URL('../../../../node_modules/.cache/tableside/', import.meta.url))

let built: Promise<string> | undefined

/**
 * The photo worker as the server's build makes it (`build.mjs`): tests run the sources, and a
 * child process cannot run TypeScript. Built once per test process, removed when it exits.
 */
export function testPhotoWorker(): Promise<string> {
  built ??= (async () => {
    mkdirSync(DIR, { recursive: true })
    const outfile = `${DIR}photo-worker-${String(process.pid)}.mjs`
    await build({
      entryPoints: [SOURCE],
      outfile,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
    })
    process.once('exit', () => {
      rmSync(outfile, { force: true })
    })
    return outfile
  })()
  return built
}
