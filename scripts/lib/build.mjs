// Builds the web app and the server when their output is missing or older than their sources.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../../', import.meta.url))

const targets = [
  {
    name: 'web app',
    workspace: '@tableside/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'apps/web/package.json',
      'packages/contracts/src',
    ],
  },
  {
    name: 'server',
    workspace: '@tableside/server',
    output: 'apps/server/dist/server.js',
    sources: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/contracts/src',
    ],
  },
]

/** @param {string} path @returns {number} newest modification time below path (0 if absent) */
function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let max = 0
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    max = Math.max(max, newest(join(path, entry)))
  }
  return max
}

/**
 * @param {{ only?: Array<'web app' | 'server'>, log?: (line: string) => void }} [options]
 * @returns {string[]} what was built
 */
export function buildIfStale({ only, log = (line) => process.stdout.write(`${line}\n`) } = {}) {
  const built = []
  for (const target of targets) {
    if (only && !only.some((name) => name === target.name)) continue
    const output = join(root, target.output)
    const outputTime = existsSync(output) ? statSync(output).mtimeMs : 0
    const sourceTime = Math.max(...target.sources.map((s) => newest(join(root, s))))
    if (outputTime > 0 && outputTime >= sourceTime) continue
    log(`Building the ${target.name}…`)
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      // Test runners set NODE_ENV=test, which would make Vite ship React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    })
    if (result.status !== 0) throw new Error(`Building the ${target.name} failed`)
    built.push(target.name)
  }
  return built
}
