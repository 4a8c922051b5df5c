import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { PhotoAnswerMessage, PhotoJob, PhotoJobAnswer, PhotoJobMessage } from './photo-job'

/** Where the server's build puts the worker: beside `dist/server.js` (`build.mjs`). */
export const BUILT_PHOTO_WORKER = fileURLToPath(new URL('./photo-worker.js', import.meta.url))

/** The worker died or took too long: the upload may be tried again. */
export class PhotoWorkFailed extends Error {
  override readonly name = 'PhotoWorkFailed'
}

export interface PhotoWorkOptions {
  /** The worker's script (`photo-worker.ts` as built). */
  script: string
  /** A job that takes longer ends its worker; the next job starts a fresh one. */
  timeoutMs?: number
  /** A worker with nothing to do this long exits, giving its memory back. */
  idleMs?: number
}

/** The largest photo takes well under a second; this is for a worker stuck in a decoder. */
const JOB_TIMEOUT_MS = 20_000
const IDLE_MS = 60_000

/**
 * This process's photo worker (decision 0110): a child process started at the first upload,
 * given one job at a time (the process-wide bound: a node never decodes two photos at once),
 * started again if it dies, and ended after a minute without work. Image work then never runs
 * on this process's threads, so it never delays the scrypt of a sign-in.
 */
export function createPhotoWork({
  script,
  timeoutMs = JOB_TIMEOUT_MS,
  idleMs = IDLE_MS,
}: PhotoWorkOptions) {
  let worker: ChildProcess | undefined
  let line: Promise<unknown> = Promise.resolve()
  let inLine = 0
  let nextId = 0
  let idle: NodeJS.Timeout | undefined
  let closed = false

  const start = (): ChildProcess => {
    const started = fork(script, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Not the server's flags (a test runner's loaders, an inspector port).
      execArgv: [],
    })
    started.once('exit', () => {
      if (worker === started) worker = undefined
    })
    // A failed start ends the job with its exit; without a listener it would end the server.
    started.on('error', () => undefined)
    return started
  }

  /**
   * Gives `job` to the worker. A worker that died while idle (killed, out of memory) can still
   * be ours until Node hears of its exit: a job it never took goes to a fresh one, once (the
   * work is the same whoever does it).
   */
  const send = (job: PhotoJob, again = false): Promise<PhotoJobAnswer> =>
    new Promise<PhotoJobAnswer>((resolve, reject) => {
      if (closed) throw new PhotoWorkFailed('The server is stopping')
      const running = (worker ??= start())
      const id = ++nextId
      const settle = () => {
        clearTimeout(timer)
        running.off('message', onMessage)
        running.off('exit', onExit)
        running.off('error', onExit)
      }
      /** Whether the worker said it has the job. */
      let taken = false
      const onMessage = (message: PhotoAnswerMessage) => {
        if (message.id !== id) return
        if ('taken' in message) {
          taken = true
          return
        }
        settle()
        resolve(message.answer)
      }
      const onExit = (code: number | Error | null, signal?: string | null) => {
        settle()
        if (!taken && !again && !closed) {
          if (worker === running) worker = undefined
          resolve(send(job, true))
          return
        }
        const why = code instanceof Error ? code.message : String(signal ?? code)
        reject(new PhotoWorkFailed(`The photo worker stopped (${why})`))
      }
      /** The worker is done for: the next job starts a new one, not the one dying. */
      const drop = () => {
        if (worker === running) worker = undefined
        running.kill('SIGKILL')
      }
      const timer = setTimeout(() => {
        settle()
        drop()
        reject(new PhotoWorkFailed(`The photo took over ${String(timeoutMs)} ms`))
      }, timeoutMs)
      running.on('message', onMessage)
      running.once('exit', onExit)
      running.once('error', onExit)
      const message: PhotoJobMessage = { id, job }
      running.send(message, (error) => {
        if (!error) return
        drop()
        onExit(null, error.message)
      })
    })

  const stopWorker = () => {
    const running = worker
    worker = undefined
    running?.kill('SIGKILL')
  }

  return {
    /** Runs `job` once the jobs before it in this process are done. */
    run(job: PhotoJob): Promise<PhotoJobAnswer> {
      clearTimeout(idle)
      inLine++
      const answer = line.then(() => send(job))
      line = answer
        .catch(() => undefined)
        .finally(() => {
          if (--inLine === 0 && !closed) idle = setTimeout(stopWorker, idleMs).unref()
        })
      return answer
    },
    /** Jobs waiting or running in this process. */
    get inLine() {
      return inLine
    },
    /** The worker process's id while one runs. */
    get pid(): number | undefined {
      return worker?.pid
    },
    close() {
      closed = true
      clearTimeout(idle)
      stopWorker()
    },
  }
}

export type PhotoWork = ReturnType<typeof createPhotoWork>
