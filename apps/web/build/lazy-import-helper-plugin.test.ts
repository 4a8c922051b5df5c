import { afterEach, describe, expect, it, vi } from 'vitest'
import { LAZY_IMPORT_HELPER } from './lazy-import-helper-plugin'

interface PreloadErrorEvent extends Event {
  payload?: unknown
}

type LazyImport = (load: () => Promise<unknown>) => Promise<unknown>

/** The helper as the browser runs it: the module's own source, with a window to report to. */
async function helperWithWindow() {
  const window = new EventTarget()
  vi.stubGlobal('window', window)
  const url = `data:text/javascript,${encodeURIComponent(LAZY_IMPORT_HELPER)}`
  const { __vitePreload } = (await import(/* @vite-ignore */ url)) as { __vitePreload: LazyImport }
  return { window, lazyImport: __vitePreload }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the build's lazy import helper (Vite's preload helper, made small)", () => {
  it('gives the loaded module', async () => {
    const { lazyImport } = await helperWithWindow()
    await expect(lazyImport(() => Promise.resolve({ ok: 1 }))).resolves.toEqual({ ok: 1 })
  })

  it('reports a failed load as vite:preloadError and rethrows it unless a listener takes it', async () => {
    const { window, lazyImport } = await helperWithWindow()
    const failure = new TypeError('Failed to fetch dynamically imported module')
    const seen: unknown[] = []
    window.addEventListener('vite:preloadError', (event: PreloadErrorEvent) => {
      seen.push(event.payload)
    })
    await expect(lazyImport(() => Promise.reject(failure))).rejects.toBe(failure)
    expect(seen).toEqual([failure])

    // lib/chunk-reload prevents the event when it reloads the page: the import then settles quietly.
    window.addEventListener('vite:preloadError', (event) => {
      event.preventDefault()
    })
    await expect(lazyImport(() => Promise.reject(failure))).resolves.toBeUndefined()
  })
})
