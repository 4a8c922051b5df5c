import type { Plugin } from 'vite'

/** The module Vite wraps every dynamic `import()` with (`__vitePreload(factory, deps)`). */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js'

/**
 * What Vite's helper still does in this build: run the import, and on failure dispatch the
 * cancelable `vite:preloadError` event (`lib/chunk-reload.ts` reloads the page for it) and
 * rethrow unless a listener prevented it.
 */
export const LAZY_IMPORT_HELPER = `export const __vitePreload = (load) => load().catch((error) => {
  const event = new Event('vite:preloadError', { cancelable: true })
  event.payload = error
  window.dispatchEvent(event)
  if (!event.defaultPrevented) throw error
})
`

/**
 * Vite's preload helper (~0.7 KB gzip in `core`) loads a lazy chunk's CSS and preloads its
 * imports before the chunk. This build has neither: one stylesheet for the whole app
 * (`cssCodeSplit: false`) and `modulePreload: false`, so every call gets an empty list and
 * the helper is dead weight in the diners' first load (decision 0077). Only the error event
 * is kept. A build that ever gives a lazy import dependencies fails here, not silently.
 */
export function lazyImportHelper(): Plugin {
  let replaced = false
  return {
    name: 'tableside:lazy-import-helper',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false
    },
    load(id) {
      if (id !== PRELOAD_HELPER_ID) return null
      replaced = true
      return LAZY_IMPORT_HELPER
    },
    // After Vite's own generateBundle, which fills in each call's list of dependencies.
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle)
      if (!replaced && chunks.some((c) => c.type === 'chunk' && c.dynamicImports.length > 0)) {
        this.error(
          `Vite's preload helper (${PRELOAD_HELPER_ID}) was not replaced: did its id change?`,
        )
      }
      for (const chunk of chunks) {
        if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps')) {
          this.error(
            `${chunk.fileName}: a lazy import has preload dependencies, which the small helper ` +
              'does not load; see build/lazy-import-helper-plugin.ts',
          )
        }
      }
    },
  }
}
