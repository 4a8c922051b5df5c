// `npm run dev`: the API server in development mode plus Vite's dev server with hot reload.
import { spawn } from 'node:child_process'
import { buildIfStale, root } from './lib/build.mjs'

buildIfStale()

// YooKassa's stand-in (decision 0121): a restaurant configured for YooKassa in the back office
// pays through it on a developer's machine, unless YOOKASSA_API_URL names another. Its
// notifications come "through a proxy" from a YooKassa address: the server trusts loopback.
/** @type {NodeJS.ProcessEnv} */
const env = { APP_ENV: 'development', ...process.env }
/** @type {any} */
let standIn
if (!env.YOOKASSA_API_URL) {
  const built = '../apps/server/dist/yookassa-stand-in.js'
  const { startYooKassaStandIn, STAND_IN_SHOP_ID, STAND_IN_SECRET_KEY } = await import(built)
  standIn = await startYooKassaStandIn({
    notificationUrl: `http://127.0.0.1:${env.PORT ?? '3000'}/api/v1/payments/webhooks/yookassa`,
  })
  env.YOOKASSA_API_URL = standIn.apiUrl
  env.TRUST_PROXY ??= 'loopback'
  console.log(
    `YooKassa stand-in at ${standIn.apiUrl}: shop id ${STAND_IN_SHOP_ID}, secret key ${STAND_IN_SECRET_KEY}${env.SECRETS_KEY ? '' : ' (set SECRETS_KEY, e.g. openssl rand -hex 32, to store it)'}`,
  )
}
// T-Bank's stand-in (decision 0132), likewise, unless TBANK_API_URL names another. Its
// notifications are signed with the terminal's password and go to the server directly.
/** @type {any} */
let tbankStandIn
if (!env.TBANK_API_URL) {
  const built = '../apps/server/dist/tbank-stand-in.js'
  const { startTBankStandIn, STAND_IN_TERMINAL_KEY, STAND_IN_PASSWORD } = await import(built)
  tbankStandIn = await startTBankStandIn()
  tbankStandIn.notifyTo(`http://127.0.0.1:${env.PORT ?? '3000'}/api/v1/payments/webhooks/tbank`)
  env.TBANK_API_URL = tbankStandIn.apiUrl
  console.log(
    `T-Bank stand-in at ${tbankStandIn.apiUrl}: terminal key ${STAND_IN_TERMINAL_KEY}, password ${STAND_IN_PASSWORD}`,
  )
}
const children = [
  spawn(process.execPath, ['apps/server/dist/server.js'], { cwd: root, stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@tableside/web'], { cwd: root, stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
  void standIn?.close()
  void tbankStandIn?.close()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
