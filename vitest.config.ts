import { defineConfig } from 'vitest/config'

/** End-to-end files whose stories start servers of their own (never the shared one). */
const OWN_SERVER_STORIES = [
  'admin-audit',
  'admin-menu',
  'admin-refunds',
  'admin-reports',
  'admin-sign-in',
  'admin-stations',
  'admin-staff',
  'admin-tables',
  'atol-receipt',
  'bonus-card',
  'bonus-points',
  'checkout-saved-address',
  'client-sign-in',
  'dev-console',
  'favourites-profile',
  'garcon-bonus-card',
  'garcon-refunds',
  'history',
  'kitchen',
  'online-payment-off',
  'order-again',
  'refund-refused',
  'restaurant-setup',
  'outbox-kill',
  'server-process',
  'sms-budget',
  'table-qr',
  'tbank-payment',
  'three-nodes',
  'yookassa-payment',
].map((name) => `apps/web/e2e/${name}.test.ts`)

/**
 * Files that replace a module (`vi.mock`): they need a module registry of their own, so they run
 * isolated; every other unit file shares its worker's modules with the files before it (decision
 * 0097).
 */
const MODULE_MOCKING_FILES = ['apps/server/src/features/client/client-secrets.test.ts']

/** The server's test files hash PINs at the cheapest cost (decision 0160). */
const CHEAP_SECRET_HASHES = 'apps/server/src/test/cheap-secret-hashes.ts'

/**
 * What a story waits for, it waits for up to 10 s unless it says otherwise (vitest's default is
 * 1 s): on CI's two busy cores a screen's answer can take longer, and a poll that succeeds
 * returns at once, so a quiet run is no slower.
 */
const STORY_POLL = { timeout: 10_000, interval: 50 }

/**
 * A story's servers optimise no WebAssembly: they live for one file, and V8's optimising tier
 * spent about a second of CPU per start on the embedded engine (decision 0128).
 */
const STORY_ENV = { TABLESIDE_SERVER_NODE_ARGS: '--liftoff-only' }

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.mjs'],
    // Three workers on CI's two cores for the server's and the web's files and the stories,
    // which are isolated (a database per run on PostgreSQL, an address per run in Redis, port 0
    // everywhere; decision 0061). With two, a quiet run kept 1.25 cores busy on average: the
    // stories wait on Chromium and their servers more than they compute (decision 0129).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        // The test and bench scripts' own logic (what a file is linted against, decision 0155).
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: MODULE_MOCKING_FILES,
          environment: 'node',
          setupFiles: [CHEAP_SECRET_HASHES],
          // A worker imports the app and compiles the embedded engine once, not once per file:
          // that was half the server files' CPU (decision 0097). Each file still opens its own
          // database and app, so nothing it writes is seen by the next.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          include: MODULE_MOCKING_FILES,
          environment: 'node',
          setupFiles: [CHEAP_SECRET_HASHES],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        // Stories that start a server of their own (a profile, a card, a crash, a data dir):
        // they share nothing, so they run beside the server's and the web's files (decision 0061).
        test: {
          name: 'e2e-servers',
          include: OWN_SERVER_STORIES,
          environment: 'node',
          globalSetup: ['apps/web/e2e/own-server-setup.ts'],
          // As the shared server's stories below (decision 0158).
          isolate: false,
          // A story here starts its server(s) itself, which on a busy machine can take 30 s.
          testTimeout: 150_000,
          hookTimeout: 180_000,
          expect: { poll: STORY_POLL },
          env: STORY_ENV,
        },
      },
      {
        // Stories on one shared server, each file in a restaurant of its own (decision 0093):
        // they run beside each other and every other project's files.
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          exclude: OWN_SERVER_STORIES,
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          // A worker loads Playwright's client and the stories' helpers once, not once per file
          // (~0.6 CPU-s a file). The helpers keep no state between files; each story file still
          // has its own restaurant or servers and its own browser contexts (decision 0158).
          isolate: false,
          // A story visits up to twenty screens; on two busy cores that can take over a minute.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: STORY_POLL },
          env: STORY_ENV,
        },
      },
    ],
  },
})
