// Debian's Chromium driven by playwright-core: the only browser this machine can have.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** The full browser: Lighthouse, the benches, and the stories that need Web Push. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Debian's headless shell of the same Chromium release: the same Blink and V8 without the
 * browser's own layers, which the stories need about 40 % less CPU with (decision 0101). It
 * refuses notification permission, so stories of Web Push open the full browser instead.
 */
export const CHROMIUM_SHELL = process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'

const PACKAGES = [
  { path: CHROMIUM, name: 'chromium' },
  { path: CHROMIUM_SHELL, name: 'chromium-headless-shell' },
]

/** Installs Debian's chromium (and its headless shell) when missing and we may (root). */
export function ensureChromium(
  log = (/** @type {string} */ line) => process.stdout.write(`${line}\n`),
) {
  const missing = PACKAGES.filter(({ path }) => !existsSync(path))
  if (missing.length === 0) return
  const names = missing.map(({ name }) => name).join(' ')
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is not installed at ${missing.map(({ path }) => path).join(' and ')}. Install it ` +
        `with "sudo apt-get install -y ${names}" (or set CHROMIUM_PATH and CHROMIUM_SHELL_PATH), ` +
        'then run the tests again.',
    )
  }
  log(`Chromium is missing: installing Debian's ${names} with apt-get (once)…`)
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing.map(({ name }) => name)], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
  for (const { path } of missing)
    if (!existsSync(path)) throw new Error(`apt-get finished but ${path} is still missing`)
}

/**
 * Names a story may open the app at besides localhost: they resolve to 127.0.0.1, so the app is
 * reached by plain http at an address that is not a secure context, as on a restaurant's Wi-Fi.
 */
export const STORY_HOSTS = ['tableside.test']

/**
 * @param {readonly string[]} hosts
 * @param {string} executablePath
 */
function chromiumOptions(hosts, executablePath = CHROMIUM) {
  return {
    executablePath,
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
 * One headless shell for a whole test run, which story files connect to (`connectChromium`): a
 * launch costs about two seconds of CPU, once per file before (decision 0097), and the shell
 * draws a story for less CPU than the full browser (decision 0101). The story hosts resolve to
 * 127.0.0.1 in it.
 */
export async function launchChromiumServer() {
  const { chromium } = await import('playwright-core')
  return chromium.launchServer(chromiumOptions(STORY_HOSTS, CHROMIUM_SHELL))
}

/** @param {string} wsEndpoint what `launchChromiumServer()` answered `wsEndpoint()` */
export async function connectChromium(wsEndpoint) {
  const { chromium } = await import('playwright-core')
  return chromium.connect(wsEndpoint)
}

export const PHONE = { width: 390, height: 844 }
