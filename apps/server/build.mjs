// Bundles the server into dist/server.js: workspace packages (TypeScript sources) are
// compiled in, npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
const external = Object.keys(pkg.dependencies ?? {}).filter(
  (name) => !name.startsWith('@tableside/'),
)

await build({
  entryPoints: {
    server: 'src/server.ts',
    'menu-cli': 'src/menu-cli.ts',
    'table-cli': 'src/table-cli.ts',
    'manager-cli': 'src/manager-cli.ts',
    'restaurant-cli': 'src/restaurant-cli.ts',
    'backup-cli': 'src/backup-cli.ts',
    // The photo worker, a process the server starts for image work (decision 0110).
    'photo-worker': 'src/features/menu/photo-worker.ts',
    // YooKassa's stand-in (decision 0121), for the payments bench and a developer's machine.
    'yookassa-stand-in': 'src/adapters/yookassa/yookassa-stand-in.ts',
    // T-Bank's stand-in (decision 0132), likewise.
    'tbank-stand-in': 'src/adapters/tbank/tbank-stand-in.ts',
  },
  absWorkingDir: new URL('.', import.meta.url).pathname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
})
