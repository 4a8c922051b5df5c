import type { Plugin, Rolldown } from 'vite'

type OutputChunk = Rolldown.OutputChunk

/** Where the server finds the list (apps/server/src/plugins/spa.ts); nothing serves `.vite/`. */
export const SCREEN_PRELOADS_FILE = '.vite/screen-preloads.json'

/**
 * Route modules are lazy, so a page's own chunks are only asked for once the entry has run:
 * a second round trip before anything shows. This writes, for each screen a diner opens from
 * a link, the chunks its route modules import (beyond what index.html already preloads), so
 * the server can name them as `<link rel="modulepreload">` in the page.
 *
 * @param screens a screen (the segment after /rest/{id}/) → the route modules that draw it,
 *   relative to the app root (e.g. `src/app/routes/menu.tsx`)
 */
export function screenPreloads(screens: Record<string, readonly string[]>): Plugin {
  return {
    name: 'tableside:screen-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is OutputChunk => output.type === 'chunk',
      )
      const closure = (roots: readonly OutputChunk[]) => {
        const files = new Set<string>()
        const visit = (chunk: OutputChunk) => {
          // A chunk of stylesheets only (a module that imports just a .css file) is dropped by
          // Vite after this hook, its CSS in the one stylesheet: naming it would preload a 404.
          if (files.has(chunk.fileName) || isStylesheetsOnly(chunk)) return
          files.add(chunk.fileName)
          for (const imported of chunk.imports) {
            const next = bundle[imported]
            if (next?.type === 'chunk') visit(next)
          }
        }
        roots.forEach(visit)
        return files
      }
      const preloadedByDocument = closure(chunks.filter((chunk) => chunk.isEntry))
      const result: Record<string, string[]> = {}
      for (const [screen, modules] of Object.entries(screens)) {
        const roots = modules.map((module) => routeChunk(chunks, module))
        result[screen] = [...closure(roots)]
          .filter((file) => !preloadedByDocument.has(file))
          .map((file) => `/${file}`)
      }
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_PRELOADS_FILE,
        source: `${JSON.stringify(result, null, 2)}\n`,
      })
    },
  }
}

const isStylesheetsOnly = (chunk: OutputChunk) =>
  chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /\.css($|\?)/.test(id))

function routeChunk(chunks: readonly OutputChunk[], module: string) {
  const suffix = `/${module.replace(/^\.?\//, '')}`
  // The module may start a chunk of its own or sit in a group (the `core` chunk).
  const chunk = chunks.find((candidate) =>
    candidate.moduleIds.some((id: string) => id.replaceAll('\\', '/').endsWith(suffix)),
  )
  if (!chunk)
    throw new Error(`screen-preloads: ${module} is in none of the ${chunks.length} chunks`)
  return chunk
}
