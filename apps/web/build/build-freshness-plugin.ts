import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import type { BuildManifest, LatestBuild } from '../src/lib/build-info.ts'

/** Sortable and unique: the build time plus a little randomness, safe in a file name. */
function createBuildId(builtAt: Date): string {
  const stamp = builtAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `${stamp}-${randomBytes(4).toString('hex')}`
}

/**
 * Build freshness (spec §9): injects the build id into the app (`__TABLESIDE_BUILD_ID__`,
 * `__TABLESIDE_BUILT_AT__`) and writes `latest.json` `{ buildId, builtAt }` and the per-build
 * manifest `builds/{buildId}.json` `{ buildId, builtAt, entry, assets }` next to index.html.
 * The dev server gets the id `dev` and no files.
 */
export function buildFreshness(): Plugin {
  const builtAt = new Date()
  const buildId = createBuildId(builtAt)
  let outDir = ''
  return {
    name: 'tableside:build-freshness',
    config(_, { command }) {
      return {
        define: {
          __TABLESIDE_BUILD_ID__: JSON.stringify(command === 'build' ? buildId : 'dev'),
          __TABLESIDE_BUILT_AT__: JSON.stringify(builtAt.toISOString()),
        },
      }
    },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(_, bundle) {
        const files = Object.values(bundle)
        const entry = files.find((file) => file.type === 'chunk' && file.isEntry)
        if (!entry) throw new Error('build-freshness: the bundle has no entry chunk')
        const manifest: BuildManifest = {
          buildId,
          builtAt: builtAt.toISOString(),
          entry: entry.fileName,
          assets: files
            .map((file) => file.fileName)
            .filter((name) => !name.startsWith('.vite/'))
            .sort(),
        }
        const latest: LatestBuild = { buildId, builtAt: manifest.builtAt }
        await mkdir(join(outDir, 'builds'), { recursive: true })
        await writeFile(
          join(outDir, 'builds', `${buildId}.json`),
          `${JSON.stringify(manifest, null, 2)}\n`,
        )
        await writeFile(join(outDir, 'latest.json'), `${JSON.stringify(latest)}\n`)
      },
    },
  }
}
