import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A `redis-server` of the test's own on a free port, to kill and start again (never the shared
 * one). With `keepsData` it writes every command to its append-only file, so a restart after a
 * kill finds what it held; without, a restart starts empty, as a Redis without disk does.
 */
export interface OwnRedis {
  url: string
  /** SIGKILL, as a crash: nothing is flushed. */
  kill(): Promise<void>
  start(): Promise<void>
  stop(): Promise<void>
}

export async function startOwnRedis({ keepsData }: { keepsData: boolean }): Promise<OwnRedis> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'tableside-redis-'))
  let server: ChildProcess | undefined

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          keepsData ? 'yes' : 'no',
          '--appendfsync',
          'always',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      )
      server = child
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Ready to accept connections')) resolve()
      })
      child.once('exit', (code) =>
        reject(new Error(`redis-server exited (${String(code)}): ${output}`)),
      )
    })

  const kill = async () => {
    const child = server
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }

  await start()
  return {
    url: `redis://127.0.0.1:${String(port)}`,
    kill,
    start,
    async stop() {
      await kill()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
