// Debian's Chromium driven by playwright-core: the only browser this machine can have.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Installs Debian's chromium when it is missing and we may (root); otherwise says how. */
export function ensureChromium(
  log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`),
) {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}. Install it with "sudo apt-get install -y chromium" ` +
        '(or set CHROMIUM_PATH), then run the tests again.',
    )
  }
  log("Chromium is missing: installing Debian's chromium with apt-get (once)…")
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get finished but ${CHROMIUM} is still missing`)
}

/**
 * Names a story may open the app at besides localhost: they resolve to 127.0.0.1, so the app is
 * reached by plain http at an address that is not a secure context, as on a restaurant's Wi-Fi.
 */
export const STORY_HOSTS = ['tableside.test']

/** @param {readonly string[]} hosts */
function chromiumOptions(hosts) {
  return {
    executablePath: CHROMIUM,
    args: [
      ...(hosts.length > 0
        ? [`--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`]
        : []),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  }
}

/**
 * @param {{ hosts?: readonly string[] }} [options] `hosts`: names resolved to 127.0.0.1, so a
 *   story can open the app at an address other than localhost (plain http, no secure context).
 */
export async function launchChromium({ hosts = [] } = {}) {
  const { chromium } = await import('playwright-core')
  return chromium.launch(chromiumOptions(hosts))
}

/**
 * One Chromium for a whole test run, which story files connect to (`connectChromium`): a launch
 * costs about two seconds of CPU, once per file before (decision 0097). The story hosts resolve
 * to 127.0.0.1 in it.
 */
export async function launchChromiumServer() {
  const { chromium } = await import('playwright-core')
  return chromium.launchServer(chromiumOptions(STORY_HOSTS))
}

/** @param {string} wsEndpoint what `launchChromiumServer()` answered `wsEndpoint()` */
export async function connectChromium(wsEndpoint) {
  const { chromium } = await import('playwright-core')
  return chromium.connect(wsEndpoint)
}

export const PHONE = { width: 390, height: 844 }
