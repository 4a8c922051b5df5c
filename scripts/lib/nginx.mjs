// nginx as a benchmark's baseline: one worker, a configuration of its own in a temporary
// directory, on a free port, serving files precompressed beside them (gzip_static, and
// brotli_static when Debian's module is there), stopped by its pid.
import { spawn, spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { freePort } from './server-process.mjs'

const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
/** Headers nginx writes itself for a precompressed file: not repeated with add_header. */
const OWN_HEADERS = new Set([
  'content-type',
  'content-encoding',
  'content-length',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'server',
])

/**
 * nginx, installed with apt (with its brotli_static module) when missing and we are root, as
 * wrk is. Debian's package may start a service of its own on port 80 where systemd runs; the
 * bench leaves it alone and starts its own.
 * @returns {{ binary: string, brotli: boolean } | undefined}
 */
export function ensureNginx() {
  const found = () => {
    const which = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], {
      encoding: 'utf8',
    })
    const binary = which.stdout.trim().split('\n')[0]
    return which.status === 0 && binary ? binary : undefined
  }
  if ((!found() || !existsSync(BROTLI_STATIC)) && process.getuid?.() === 0) {
    spawnSync('apt-get', ['install', '-y', 'nginx', 'libnginx-mod-http-brotli-static'], {
      stdio: 'ignore',
    })
  }
  const binary = found()
  return binary ? { binary, brotli: existsSync(BROTLI_STATIC) } : undefined
}

/**
 * A string in nginx's configuration: double-quoted, its quotes and backslashes escaped.
 * @param {string} text
 */
function quoted(text) {
  if (text.includes('$')) throw new Error(`nginx would read "$" as a variable: ${text}`)
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

/**
 * Serves `files` at `path` (the identity bytes, with `.gz` and `.br` siblings) with `headers`
 * added, as the server being compared answers.
 * @param {{ nginx: { binary: string, brotli: boolean }, path: string,
 *   files: { identity: Buffer, gzip: Buffer, br: Buffer }, contentType: string,
 *   headers: Record<string, string> }} options
 */
export async function startNginx({ nginx, path, files, contentType, headers }) {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-bench-nginx-'))
  // Started as root, nginx's worker runs as nobody: it must be able to read the files.
  chmodSync(dir, 0o755)
  const rootDir = join(dir, 'root')
  const file = join(rootDir, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, files.identity)
  writeFileSync(`${file}.gz`, files.gzip)
  writeFileSync(`${file}.br`, files.br)
  mkdirSync(join(dir, 'temp'))
  const port = await freePort()
  const added = Object.entries(headers)
    .filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => `      add_header ${name} ${quoted(value)};`)
  const temp = join(dir, 'temp')
  const config = [
    nginx.brotli ? `load_module ${BROTLI_STATIC};` : '',
    // One worker: the Node server it is compared with is one thread.
    'worker_processes 1;',
    'daemon off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${temp}; proxy_temp_path ${temp}; fastcgi_temp_path ${temp};`,
    `  uwsgi_temp_path ${temp}; scgi_temp_path ${temp};`,
    '  sendfile on;',
    '  tcp_nopush on;',
    '  server_tokens off;',
    // Node keeps a connection for as many requests as it is sent; nginx's default is 1,000.
    '  keepalive_requests 10000000;',
    '  open_file_cache max=16 inactive=60s;',
    '  open_file_cache_valid 60s;',
    '  server {',
    `    listen 127.0.0.1:${port};`,
    `    location = ${path} {`,
    `      root ${rootDir};`,
    '      types { }',
    `      default_type ${quoted(contentType)};`,
    '      gzip_static on;',
    nginx.brotli ? '      brotli_static on;' : '',
    '      gzip_vary on;',
    // The server's own ETag is added as it is; nginx's (size and time) would be a second one.
    '      etag off;',
    ...added,
    '    }',
    '  }',
    '}',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
  const configFile = join(dir, 'nginx.conf')
  writeFileSync(configFile, config)
  const child = spawn(nginx.binary, ['-p', dir, '-e', join(dir, 'error.log'), '-c', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const url = `http://127.0.0.1:${port}${path}`
  const cleanUp = () => rmSync(dir, { recursive: true, force: true })
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log')) : ''
      cleanUp()
      throw new Error(`nginx exited with ${child.exitCode}:\n${output}\n${log}`)
    }
    try {
      await fetch(url, { method: 'HEAD' })
      break
    } catch {
      if (tries > 400) {
        child.kill('SIGKILL')
        await exited
        cleanUp()
        throw new Error(`nginx did not answer at ${url}:\n${output}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
  const pid = child.pid ?? 0
  return {
    url,
    pid,
    /** The master and its worker. */
    pids: () => {
      try {
        const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        return [pid, ...children.trim().split(/\s+/).filter(Boolean).map(Number)]
      } catch {
        return [pid]
      }
    },
    output: () => output,
    async stop() {
      // SIGQUIT: a graceful stop, the workers finish and go with the master.
      if (child.exitCode === null) child.kill('SIGQUIT')
      await exited
      cleanUp()
    },
  }
}
