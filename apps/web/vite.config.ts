import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { buildFreshness } from './build/build-freshness-plugin.ts'
import { precompress } from './build/precompress-plugin.ts'
import { preloadEntryImports } from './build/preload-entry-imports-plugin.ts'

const API_SERVER = 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [react(), buildFreshness(), preloadEntryImports(), precompress()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    manifest: true,
    sourcemap: false,
    // The server sends precompressed files; Vite's own size report would compress everything twice.
    reportCompressedSize: false,
    // One small stylesheet for the whole app, so lazy routes carry no CSS of their own and
    // Vite needs no preload helper in the entry (the 125 KB first-load budget counts every byte).
    cssCodeSplit: false,
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the first screen needs, as one file: the libraries, the contracts,
              // the shell (router, layouts, error page) and lib. Per-file gzip overhead and
              // request waterfalls are what the 125 KB first-load budget cannot afford.
              // A lib module that pulls a heavy dependency must be excluded here, or the group
              // drags the dependency in (masks: maska). Modules that only lazy routes use stay out too.
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]|packages[\\/]contracts[\\/]src[\\/](?!client-errors)|apps[\\/]web[\\/]src[\\/](?!main\.tsx|lib[\\/](error-reporter|masks|build-freshness|build-info)|features[\\/]realtime[\\/](realtime-connection|connection-indicator)|features[\\/](menu|cart|stories)[\\/]|app[\\/](routes|guards)[\\/]|app[\\/]layouts[\\/]dish-layout|components[\\/]ui[\\/]screen-icons)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_SERVER,
      '/runtime-config.json': API_SERVER,
      '/broadcasting': API_SERVER,
      // The realtime socket lives at /app/{key}; the regex keeps /apple-touch-icon.png local.
      '^/app/': { target: API_SERVER, ws: true },
    },
  },
})
