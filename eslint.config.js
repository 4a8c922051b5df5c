import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Features import each other only through what they publish (decision 0034). A server feature
 * publishes the modules listed here: its service, and others with the reason another feature
 * needs them; every other file of the feature is its own. A new feature needs a line here. The
 * app layer (`app.ts`, `server.ts`, `plugins/`, the CLIs, `db/seed-demo.ts`) composes features
 * and may import any of their files; so may server tests, which set the scene as the app does.
 * Shared code (`lib/`, `http/`, `config/`, `db/`) imports no feature. A web feature publishes
 * nothing: the routes in `app/` compose, and what two features share lives in `lib/` or
 * `components/`.
 */
const serverFeaturePublishes = {
  // The audit log (decision 0063): every back-office feature records its changes with it.
  audit: ['audit-log.ts'],
  bill: ['bill-service.ts'],
  // The bonus ledger (decision 0055): orders and payments write to it in their transactions.
  bonus: ['bonus-ledger.ts', 'bonus-orders.ts'],
  // The diner's profile (decision 0051): who a request's X-Profile-Token signs in; features of
  // the profile (favourites, bonus cards, history) get `requireClient` from the app layer.
  client: [
    'client-auth.ts',
    // Where a signed-in diner's receipts go, kept by the payment that asks (decision 0142).
    'client-receipt-contact.ts',
  ],
  // The signed-in diner's favourites (decision 0056): composed by the app, used by no other.
  favourites: [],
  // The waiter's floor (decision 0044): composed by the app, used by no other feature.
  floor: [],
  garcon: [
    'garcon-service.ts',
    // Waiters and their sign-ins (the back office's staff ends a waiter's sessions in the
    // transaction that deactivates the waiter or resets the PIN).
    'garcon-repository.ts',
  ],
  // The kitchen display and its stations (decision 0070): composed by the app, used by no other.
  kitchen: [],
  menu: [
    'menu-service.ts',
    // The menu held in memory and a cart priced with it: what an order is priced from.
    'menu-cache.ts',
    'menu-snapshot.ts',
    'quote.ts',
  ],
  orders: [
    'order-service.ts',
    // Orders' rows and SQL, for the services of the bill and payments (immich style: a service
    // takes the repositories it works on); their events, which a payment also publishes; an
    // order as the bill shows it; and the refund a cancel asks payments for (decision 0089).
    'order-repository.ts',
    'order-payment-repository.ts',
    'order-events.ts',
    'order-view.ts',
    'refund-entry.ts',
    // The refunds table (decision 0119): a cancel writes it in the order's transaction, the
    // refund service and the outbox's refund delivery through here, the day report reads it.
    'refund-repository.ts',
  ],
  // Infrastructure every feature writes its after-commit side effects to (decision 0027).
  outbox: ['outbox.ts', 'outbox-repository.ts'],
  payments: [
    'payment-service.ts',
    // Payments' rows for the bill, and how much of a bill pending payments hold.
    'payment-repository.ts',
    'bill-payment-plan.ts',
    // How an order was actually paid (issue 28): one derivation for every screen that names it.
    'paid-with.ts',
  ],
  // Fiscal receipts (decisions 0133, 0134): payments hand them what they paid and refunded; the
  // cash register's port is the АТОЛ adapter's to implement.
  receipts: ['receipt-service.ts', 'fiscal-register.ts'],
  // Infrastructure: features publish events through the `Broadcaster` and add channel rules.
  realtime: ['realtime.ts', 'publish-event.ts', 'channel-authorization.ts'],
  // The back office's live screen and day report (decision 0072): composed by the app only.
  reports: [],
  // Restaurants have no service: their profile, cached on hot paths, or from the repository; and
  // the defaults every restaurant starts with, which the back office's settings show and keep.
  // What a new restaurant must be, which the command line and the first-run setup both check.
  restaurants: [
    'restaurant-cache.ts',
    'restaurant-repository.ts',
    'restaurant-settings.ts',
    'new-restaurant.ts',
    // Each restaurant's acquirer and its sealed account (decision 0121), which payments reach.
    'payment-account-repository.ts',
  ],
  // The back office's settings and staff (decisions 0068, 0069): composed by the app, used by
  // no other feature.
  'settings-admin': [],
  // The first-run setup and `/`'s list of restaurants (decision 0115): composed by the app only.
  setup: [],
  'staff-admin': [],
  // Managers' and the kitchen's sign-in (decision 0062): `requireManager`, `requireKitchen`.
  staff: [
    'staff-auth.ts',
    // Staff accounts' sign-ins (the back office's staff ends an account's sessions in the
    // transaction that deactivates it or resets its secret).
    'staff-repository.ts',
  ],
  system: [],
  // The session's row type travels with the service's answers.
  // The tables' QR tokens: how a token is made, what its link is, and a rotation that the back
  // office runs in its own transaction with its audit entry (decision 0066).
  'table-sessions': [
    'table-session-service.ts',
    'table-session-repository.ts',
    'table-repository.ts',
    'table-qr-token.ts',
  ],
  // The back office's tables and QR codes (decisions 0066–0067): composed by the app.
  'tables-admin': [],
  'waiter-calls': [
    'waiter-call-service.ts',
    // The calls' escalation (garcon's sweep) takes due calls and stamps them in its own
    // transaction, with the alerts it raises there (decision 0045).
    'waiter-call-repository.ts',
  ],
}

/** Kysely's calls that start a statement; `sql` (tagged or `sql.raw`, …) is SQL too. */
const SQL_BUILDERS = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'with',
  'withRecursive',
]

/**
 * Every moment on a screen is on the restaurant's clock, through lib/restaurant-time.ts (decision
 * 0112): a Date's own formatting and fields use the device's zone, which a waiter's phone or a
 * kitchen tablet left on UTC gets wrong. (Numbers format with Intl.NumberFormat: formatNumber.)
 */
const DEVICE_ZONE = `CallExpression > MemberExpression.callee > Identifier.property[name=/^(${[
  'toLocaleString',
  'toLocaleDateString',
  'toLocaleTimeString',
  'toDateString',
  'toTimeString',
  'getTimezoneOffset',
  'getFullYear',
  'getMonth',
  'getDate',
  'getDay',
  'getHours',
  'getMinutes',
  'setFullYear',
  'setMonth',
  'setDate',
  'setHours',
  'setMinutes',
].join('|')})$/]`
const RESTAURANT_TIME_ONLY =
  "Write moments with lib/restaurant-time.ts, on the restaurant's clock: the device's zone is not the restaurant's (decision 0112)."

const NO_BARREL_FILES = {
  selector: 'ExportAllDeclaration',
  message: 'No barrel files: import from the module that defines the thing.',
}

const SQL_ONLY_IN_REPOSITORIES =
  'SQL lives in *-repository.ts and db/ only: move the statement into the repository of the table it is about.'

/**
 * Server features from the bottom up (decision 0089): a feature may import (what they publish)
 * only the features listed before it, so no two features import each other. Payments come after
 * orders, as a payment pays for an order; what both need of points' money sits in bonus, below
 * both. A new feature needs a line here too.
 */
const serverFeatureRanking = [
  'realtime',
  'outbox',
  'audit',
  'restaurants',
  'staff',
  'client',
  'bonus',
  'table-sessions',
  'menu',
  'orders',
  'receipts',
  'payments',
  'bill',
  'floor',
  'kitchen',
  'waiter-calls',
  'garcon',
  'favourites',
  'reports',
  'settings-admin',
  'staff-admin',
  'tables-admin',
  'setup',
  'system',
]

/**
 * One zone per feature and each feature ranked above it: a feature imports none of them. A
 * feature folder missing from the ranking, or a ranked one that does not exist, stops the lint.
 */
function rankingZones(dir, ranking) {
  const features = readdirSync(join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  for (const feature of features) {
    if (!ranking.includes(feature)) {
      throw new Error(`${dir}/${feature}: add it to serverFeatureRanking in eslint.config.js.`)
    }
  }
  for (const feature of ranking) {
    if (!features.includes(feature)) {
      throw new Error(`${dir}/${feature} is ranked in eslint.config.js but missing.`)
    }
  }
  return ranking.flatMap((feature, rank) =>
    ranking.slice(rank + 1).map((above) => ({
      target: `${dir}/${feature}`,
      from: `${dir}/${above}`,
      message: `${feature} ranks below ${above} (serverFeatureRanking in eslint.config.js, decision 0089): move what both need below ${feature}, or let the app layer pass it in.`,
    })),
  )
}

/**
 * One zone per feature: the other features may import from it only what it publishes (on the
 * web, nothing). A feature folder missing from `publishes`, or a listed file that does not
 * exist, stops the lint with a message instead of silently allowing or forbidding.
 */
function featureZones(dir, publishes) {
  const features = readdirSync(join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  return features.map((feature) => {
    const published = publishes ? publishes[feature] : []
    if (!published) {
      throw new Error(`${dir}/${feature}: add it to serverFeaturePublishes in eslint.config.js.`)
    }
    for (const file of published) {
      if (!existsSync(join(import.meta.dirname, dir, feature, file))) {
        throw new Error(`${dir}/${feature}/${file} is published in eslint.config.js but missing.`)
      }
    }
    return {
      target: features.filter((other) => other !== feature).map((other) => `${dir}/${other}`),
      from: `${dir}/${feature}`,
      except: published.map((file) => `./${file}`),
      message:
        published.length > 0
          ? `Another feature may import only what ${feature} publishes: ${published.join(', ')} (eslint.config.js, decision 0034).`
          : `Features do not import ${feature}: move what both need to lib/ (or components/ on the web), or let the app layer pass it in (decision 0034).`,
    }
  })
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      'no-restricted-syntax': ['error', NO_BARREL_FILES],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message:
                "Use components/ui/link: react-router's links bring their prefetching into the first load.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/restaurant-time.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_BARREL_FILES,
        { selector: DEVICE_ZONE, message: RESTAURANT_TIME_ONLY },
        {
          selector:
            ':matches(NewExpression, CallExpression)[callee.property.name="DateTimeFormat"]',
          message: RESTAURANT_TIME_ONLY,
        },
      ],
    },
  },
  {
    // Imports flow one way, shared → features → app, and features meet only through what they
    // publish (decision 0034). Server tests and the demo seed compose features as the app does.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/test-*.ts',
      'apps/server/src/test/**',
      'apps/server/src/db/seed-demo.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      // Cycles of values, lazy imports included; `npm run lint:cycles` (dpdm) also counts
      // `import type`, which this rule skips (decision 0089). External modules are not walked:
      // the rule would read their builds (PGlite's overflows the stack) and they import no file
      // of ours.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...featureZones('apps/server/src/features', serverFeaturePublishes),
            ...rankingZones('apps/server/src/features', serverFeatureRanking),
            {
              target: [
                'apps/server/src/lib',
                'apps/server/src/http',
                'apps/server/src/config',
                'apps/server/src/db',
              ],
              from: 'apps/server/src/features',
              message:
                'Shared code imports no feature: let the feature pass it in (decision 0034).',
            },
            {
              target: 'apps/server/src/features',
              from: ['apps/server/src/app.ts', 'apps/server/src/server.ts'],
              message: 'Features do not import the app: it passes them what they need.',
            },
            {
              target: 'apps/server/src/features',
              from: 'apps/server/src/adapters',
              message:
                'Features do not import adapters: the app registers the adapter that serves their port (decision 0083).',
            },
            ...featureZones('apps/web/src/features', null),
            {
              target: ['apps/web/src/lib', 'apps/web/src/components', 'apps/web/src/config'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message:
                'Shared code (lib, components, config) imports no feature and no app module (decision 0034).',
            },
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message: 'Features do not import the app layer: its routes pass them what they need.',
            },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in repositories and db/ only (route → service → repository): a service decides
    // the unit of work (`db.transaction()`) and passes `trx` to the repositories it calls.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*-repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/test-*.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_BARREL_FILES,
        {
          selector: `CallExpression > MemberExpression.callee > Identifier.property[name=/^(${SQL_BUILDERS.join('|')})$/]`,
          message: SQL_ONLY_IN_REPOSITORIES,
        },
        { selector: 'TaggedTemplateExpression[tag.name="sql"]', message: SQL_ONLY_IN_REPOSITORIES },
        { selector: 'MemberExpression[object.name="sql"]', message: SQL_ONLY_IN_REPOSITORIES },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The waiter's service worker runs as a plain script in the browser (decision 0047).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  {
    // Benchmarks run part of their code in the browser (page.evaluate, init scripts).
    files: ['scripts/bench-*.mjs', 'scripts/lib/first-tap.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
)
