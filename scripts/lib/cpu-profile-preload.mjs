// Loaded into the server with NODE_OPTIONS="--import …" (NODE_OPTIONS refuses --cpu-prof): profiles
// the whole process and writes CPU_PROFILE_DIR/server-PID.cpuprofile when it exits.
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
  // A session in this thread answers synchronously, so the profile is written before exit.
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) {
        writeFileSync(join(dir, `server-${process.pid}.cpuprofile`), JSON.stringify(result.profile))
      }
    })
  })
}
