// `npm run dev`: the API server in development mode plus Vite's dev server with hot reload.
import { spawn } from 'node:child_process'
import { buildIfStale, root } from './lib/build.mjs'

buildIfStale()
const children = [
  spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { APP_ENV: 'development', ...process.env },
  }),
  spawn('npm', ['run', 'dev', '-w', '@tableside/web'], { cwd: root, stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
