import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const SOURCE = fileURLToPath(new URL('../features/menu/photo-worker.ts', import.meta.url))
/** Inside the repository, so the worker finds `sharp` in its node_modules as the built one does. */
const DIR = fileURLToPath(new URL('../../../../node_modules/.cache/tableside/', import.meta.url))

let built: Promise<string> | undefined

/**
 * The photo worker as the server's build makes it (`build.mjs`): tests run the sources, and a
 * child process cannot run TypeScript. Built once per test process and named by its content, so
 * test processes side by side share the file and a changed worker gets a new one.
 */
export function testPhotoWorker(): Promise<string> {
  built ??= (async () => {
    const { outputFiles } = await build({
      entryPoints: [SOURCE],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      write: false,
      outfile: 'photo-worker.mjs',
    })
    const code = outputFiles[0]?.contents
    if (!code) throw new Error('esbuild wrote no photo worker')
    const file = `${DIR}photo-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`
    if (!existsSync(file)) {
      mkdirSync(DIR, { recursive: true })
      // Whole or not at all, whichever process writes it first.
      const partial = `${file}.${String(process.pid)}`
      writeFileSync(partial, code)
      renameSync(partial, file)
    }
    return file
  })()
  return built
}
