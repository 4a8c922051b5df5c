import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json'])
const MIN_BYTES = 1024

async function* filesBelow(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    // `.vite/` holds the build manifest for tools; nothing serves it.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* filesBelow(path)
    else if (entry.isFile()) yield path
  }
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every emitted
 * .js, .css, .html, .svg and .json file of 1 KB or more, once everything else is written,
 * so the server sends precompressed files and never compresses on the fly.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'tableside:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle(error?: Error) {
      if (error) return
      const work: Promise<void>[] = []
      for await (const path of filesBelow(outDir)) {
        if (!COMPRESSIBLE.has(extname(path))) continue
        if ((await stat(path)).size < MIN_BYTES) continue
        work.push(
          readFile(path).then(async (content) => {
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: 9 }),
            ])
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
          }),
        )
      }
      await Promise.all(work)
    },
  }
}
