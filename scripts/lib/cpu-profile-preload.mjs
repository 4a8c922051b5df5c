// Loaded into the server with NODE_OPTIONS="--import …" (NODE_OPTIONS refuses --cpu-prof): profiles
// the process and writes CPU_PROFILE_DIR/server-PID.cpuprofile. A bench marks the window it
// measures with SIGUSR2: the first signal marks its start (the samples before it, the start and
// the warm-up, are left out of what is written), the second writes the profile and stops.
// Marking costs nothing: stopping the profiler to begin again built the whole profile so far
// and held the server 0.2 s at the window's start, which the bench counted as latency.
// Without signals the whole process is profiled and written when it exits.
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { join } from 'node:path'

const dir = process.env.CPU_PROFILE_DIR
if (dir) {
  const session = new Session()
  session.connect()
  session.post('Profiler.enable')
  session.post('Profiler.setSamplingInterval', { interval: 500 })
  session.post('Profiler.start')
  /** 'whole': since the start; 'window': since the first signal; 'done': written. */
  let state = 'whole'
  /** The window's start on the profile's clock (microseconds, monotonic, as V8 stamps samples). */
  let windowStartUs = Number.NEGATIVE_INFINITY
  // A session in this thread answers synchronously, so the profile is written before exit.
  const write = () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) {
        const profile = fromWindowStart(result.profile, windowStartUs)
        writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(profile))
      }
    })
  }
  process.on('SIGUSR2', () => {
    if (state === 'whole') {
      windowStartUs = Number(process.hrtime.bigint() / 1000n)
      state = 'window'
    } else if (state === 'window') {
      write()
      state = 'done'
    }
  })
  process.once('exit', () => {
    if (state !== 'done') write()
  })
}

/**
 * The profile's samples from `startUs` on: V8 stamps them on the monotonic clock `hrtime` reads.
 * @param {import('node:inspector').Profiler.Profile} profile
 * @param {number} startUs
 */
function fromWindowStart(profile, startUs) {
  if (!(startUs > profile.startTime)) return profile
  /** @type {number[]} */
  const samples = []
  /** @type {number[]} */
  const timeDeltas = []
  let at = profile.startTime
  let last = startUs
  profile.samples?.forEach((sample, index) => {
    at += profile.timeDeltas?.[index] ?? 0
    if (at < startUs) return
    samples.push(sample)
    timeDeltas.push(at - last)
    last = at
  })
  return { ...profile, startTime: startUs, samples, timeDeltas }
}
