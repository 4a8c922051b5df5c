// Loaded into the server with NODE_OPTIONS="--import …" (NODE_OPTIONS refuses --cpu-prof): profiles
// the process and writes CPU_PROFILE_DIR/server-PID.cpuprofile. A bench marks the window it
// measures with SIGUSR2: the first signal drops what was profiled so far (the start, the
// warm-up) and begins again, the second writes the profile and stops. Without signals the
// whole process is profiled and written when it exits.
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
  // A session in this thread answers synchronously, so the profile is written before exit.
  const write = () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) {
        writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile))
      }
    })
  }
  process.on('SIGUSR2', () => {
    if (state === 'whole') {
      session.post('Profiler.stop')
      session.post('Profiler.start')
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
