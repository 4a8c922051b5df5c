import type { HtmlTagDescriptor, Plugin } from 'vite'

/**
 * `build.modulePreload` is off, which keeps Vite's preload helper out of the entry chunk; this
 * puts back the one part we want: `<link rel="modulepreload">` in index.html for every chunk
 * the entry imports, statically or as one of its stages, so the browser fetches them in
 * parallel, not one by one.
 */
export function preloadEntryImports(): Plugin {
  return {
    name: 'tableside:preload-entry-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_, { bundle, chunk }) {
        if (!bundle || !chunk) return []
        const files = new Set<string>()
        const visit = (fileName: string) => {
          const output = bundle[fileName]
          if (output?.type !== 'chunk') return
          for (const imported of output.imports) {
            if (files.has(imported)) continue
            files.add(imported)
            visit(imported)
          }
        }
        visit(chunk.fileName)
        // The entry loads the app in stages (main.tsx, decision 0144): its own dynamic imports
        // are the first load too, fetched beside it, evaluated one by one.
        const entry = bundle[chunk.fileName]
        for (const stage of entry?.type === 'chunk' ? entry.dynamicImports : []) {
          files.add(stage)
          visit(stage)
        }
        return [...files].map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head',
        }))
      },
    },
  }
}
