// The server's photo worker as built (apps/server/dist/photo-worker.js, decision 0110), driven
// from a script: `bench:photos` times it, `generate-demo-media.mjs` stores the demo's pictures
// with it, as the server stores an upload.
import { fork } from 'node:child_process'
import { join } from 'node:path'
import { root } from './build.mjs'

/** `PHOTO_WIDTHS` of @tableside/contracts/photo-sources: the widths the menu shows. */
export const PHOTO_WIDTHS = [320, 640, 960]

/**
 * A worker of its own; `run` sends it one job at a time and resolves with its answer
 * (`PhotoJobAnswer` of apps/server/src/features/menu/photo-job.ts). Build the server first.
 */
export function startPhotoWorker() {
  const worker = fork(join(root, 'apps/server/dist/photo-worker.js'), [], {
    serialization: 'advanced',
    execArgv: [],
  })
  let id = 0
  /**
   * @param {{ bytes: Uint8Array, maxPixels: number, widths: readonly number[] }} job
   * @returns {Promise<{ outcome: string, color?: string,
   *   files?: { width: number, format: 'avif' | 'webp', content: Uint8Array }[] }>}
   */
  const run = (job) =>
    new Promise((resolve) => {
      const sent = ++id
      /** @param {{ id: number, answer?: any }} message */
      const listen = (message) => {
        if (message.id !== sent || !message.answer) return
        worker.off('message', listen)
        resolve(message.answer)
      }
      worker.on('message', listen)
      worker.send({ id: sent, job })
    })
  return { run, pid: () => worker.pid ?? 0, stop: () => worker.kill() }
}
