import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'
import { buildFreshness } from './build/build-freshness-plugin.ts'
import { lazyImportHelper, PRELOAD_HELPER_ID } from './build/lazy-import-helper-plugin.ts'
import { precompress } from './build/precompress-plugin.ts'
import { pureReactRouter } from './build/pure-react-router-plugin.ts'
import { preloadEntryImports } from './build/preload-entry-imports-plugin.ts'
import { screenPreloads } from './build/screen-preloads-plugin.ts'
import { stylesheetPrecedence } from './build/stylesheet-precedence-plugin.ts'

const API_SERVER = 'http://127.0.0.1:3000'

/**
 * React Router's package exports name only its development build (dev warnings on, ~0.6 KB
 * gzip more in the first load); a production build takes the production files. Both entry
 * points move together, or the bundle would hold two routers.
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
)
const productionReactRouter = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
]

/**
 * `vite build --ssr src/first-screen-entry.tsx`: the menu's first screen for the server to draw
 * into the page (decision 0025), one file with React inside, so a copy of `dist` runs anywhere.
 * Inside `.vite/`, which the server never serves.
 */
const firstScreenBuild: UserConfig = {
  resolve: { alias: productionReactRouter },
  plugins: [react()],
  publicDir: false,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    outDir: 'dist/.vite/first-screen',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: { output: { entryFileNames: 'first-screen.mjs', codeSplitting: false } },
  },
}

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? firstScreenBuild
    : {
        resolve: command === 'build' ? { alias: productionReactRouter } : {},
        plugins: [
          react(),
          // React Router's unused components (NavLink, Form…) would stay in `core` without it.
          pureReactRouter(),
          // Vite's preload helper, with nothing to preload here, made as small as it can be.
          lazyImportHelper(),
          buildFreshness(),
          preloadEntryImports(),
          // The staff's stylesheet, which React loads, goes after the app's (decision 0082).
          stylesheetPrecedence(),
          // The chunks of the screens a QR code or a shared link opens first; the server names them
          // in the page so they load beside `core` (apps/server/src/plugins/spa.ts).
          screenPreloads({
            menu: [
              'src/app/routes/restaurant.tsx',
              'src/app/layouts/default-layout.tsx',
              'src/app/routes/menu.tsx',
            ],
            dishes: [
              'src/app/routes/restaurant.tsx',
              'src/app/layouts/dish-layout.tsx',
              'src/app/routes/dish.tsx',
            ],
            cart: [
              'src/app/routes/restaurant.tsx',
              'src/app/layouts/default-layout.tsx',
              'src/app/routes/cart.tsx',
            ],
            init: [
              'src/app/routes/restaurant.tsx',
              'src/app/layouts/default-layout.tsx',
              'src/app/routes/init.tsx',
            ],
          }),
          precompress(),
        ],
        build: {
          outDir: 'dist',
          assetsDir: 'assets',
          manifest: true,
          sourcemap: false,
          // The server sends precompressed files; Vite's own size report would compress everything twice.
          reportCompressedSize: false,
          // One small stylesheet for the whole app, so lazy routes carry no CSS of their own and
          // Vite's preload helper has nothing to load (lazyImportHelper; the 125 KB first-load
          // budget counts every byte).
          cssCodeSplit: false,
          modulePreload: false,
          rolldownOptions: {
            // The page's entry, and the one that starts it on a page the server has drawn
            // (`src/first-screen-start.ts`; the server finds it in the manifest).
            input: { index: 'index.html', 'first-screen-start': 'src/first-screen-start.ts' },
            output: {
              codeSplitting: {
                groups: [
                  {
                    // React and its scheduler, a file of their own: `main.tsx` runs the first load in
                    // stages, this one, a pause for input, then `core` (decision 0144), so a tap on
                    // the server's drawing is answered between them. One file evaluates in one task.
                    // The lazy-import helper, which the entry's stages go through, comes with it:
                    // left to itself it would join `core`, and the entry would run `core` at once.
                    name: 'react',
                    priority: 2,
                    test: (id) =>
                      /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ||
                      id === PRELOAD_HELPER_ID,
                  },
                  {
                    priority: 1,
                    // Everything the first screen needs, as one file: the libraries, the contracts the
                    // shell and the menu read, the shell (router, layouts) and lib. Per-file gzip
                    // overhead and request waterfalls are what the 125 KB first-load budget cannot
                    // afford. Feature folders and contracts are named in, never in by default, so a
                    // new feature (orders, bill…) lands in its routes' chunks, not in the first load.
                    // A lib module that pulls a heavy dependency must be excluded here, or the group
                    // drags the dependency in (masks: maska; lib/realtime's connection and indicator:
                    // pusher-js, which loads when the browser is idle). Modules that only lazy routes
                    // use stay out too (lib/realtime/use-presence-members: only the garcon screens).
                    // TanStack's mutations serve only ordering and the waiter call, so they stay out.
                    // zod and the contracts' schemas stay out (decision 0124): the first screen's
                    // answers are checked once it is drawn, the stored cart and the runtime config
                    // by hand; only the contracts' zod-free modules are named here. A lib module
                    // that imports zod must be excluded (api-error-response: the error body's check).
                    // So do the shared pieces only lazy screens use (notice card, number stepper,
                    // confirm choice, the problem icons of status-icons). The staff's and the
                    // waiters' stylesheets' addresses stay with the frames that load them.
                    name: 'core',
                    test: /node_modules[\\/](?!@tanstack[\\/](react-query[\\/]build[\\/]modern[\\/](useMutation|useInfiniteQuery)|query-core[\\/]build[\\/]modern[\\/](mutationObserver|infiniteQueryObserver))\.js)(react|react-dom|scheduler|react-router|@tanstack)[\\/]|packages[\\/]contracts[\\/]src[\\/](endpoint|first-screen|first-screen-reads|cart-limits|photo-sources)\.ts|apps[\\/]web[\\/]src[\\/](?!main\.tsx|first-screen-start\.ts|styles[\\/](tokens|base)\.css|lib[\\/](zod-config|api-error-response|file-download|bonus-points|restaurant-clock-input|device-name|dev-console|modifier-summary|error-reporter|error-details|masks|build-freshness|build-info|stored-value|i18n[\\/]plural|realtime[\\/](realtime-connection|connection-indicator|use-presence-members|use-resubscribed))|app[\\/]error-screen|components[\\/]ui[\\/]error-page|features[\\/](?!restaurant[\\/])|app[\\/](routes|guards)[\\/]|app[\\/]layouts[\\/](dish-layout|garcon-nav|admin-)|components[\\/]admin[\\/]|components[\\/]ui[\\/](screen-icons|status-icons|coming-soon|notice-card|number-stepper|use-modal-dialog|points-field|confirm-choice)|app[\\/]screen\.tsx|lib[\\/]api-error-text|styles[\\/](staff|garcon)\.css)/,
                  },
                ],
              },
            },
          },
        },
        server: {
          proxy: {
            '/api': API_SERVER,
            // The sandbox acquirer's API; its page is a screen of this app, at this address.
            '/sandbox-acquirer/api': API_SERVER,
            '/runtime-config.json': API_SERVER,
            '/broadcasting': API_SERVER,
            // The realtime socket lives at /app/{key}; the regex keeps /apple-touch-icon.png local.
            '^/app/': { target: API_SERVER, ws: true },
          },
        },
      },
)
