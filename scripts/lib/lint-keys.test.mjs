import { describe, expect, it } from 'vitest'
import { lintKeys } from './lint-keys.mjs'
import { scratchCheckout } from './scratch-checkout.mjs'

/** @param {Record<string, string>} files */
function repository(files) {
  const { root, write } = scratchCheckout({ 'tsconfig.json': '{}', ...files })
  const names = Object.keys(files).filter((path) => /\.(ts|tsx|mjs)$/.test(path))
  /** @param {Record<string, string>} [configs] */
  const keys = (configs = {}) =>
    lintKeys({
      root,
      files: names,
      everywhere: ['tsconfig.json'],
      configOf: (file) => configs[file] ?? 'the config',
    })
  return { write, keys }
}

const project = {
  'src/money.ts': 'export const cents = (rub: number): number => rub * 100\n',
  'src/price.ts': "import { cents } from './money'\nexport const price = () => cents(2)\n",
  'src/menu.tsx': "import type { price } from './price'\nexport type P = typeof price\n",
  'src/clock.ts': 'export const now = () => new Date()\n',
  // Written in two parts: whole, this file's own text would import a module that is not here.
  'scripts/run.mjs':
    '/** @type {import(' + "'../src/clock.ts').now} */\nexport const run = () => 1\n",
}

describe('what a file is linted against', () => {
  it("changes with a module the file reaches through its imports, not with one it doesn't", () => {
    const repo = repository(project)
    const before = repo.keys()
    repo.write({ 'src/money.ts': 'export const cents = async (rub: number) => rub * 100\n' })
    const after = repo.keys()
    for (const file of ['src/money.ts', 'src/price.ts', 'src/menu.tsx']) {
      expect(after.get(file), file).not.toBe(before.get(file))
    }
    expect(after.get('src/clock.ts')).toBe(before.get('src/clock.ts'))
    expect(after.get('scripts/run.mjs')).toBe(before.get('scripts/run.mjs'))
  })

  it("counts a type JSDoc imports as the file's import", () => {
    const repo = repository(project)
    const before = repo.keys()
    repo.write({ 'src/clock.ts': 'export const now = () => Date.now()\n' })
    expect(repo.keys().get('scripts/run.mjs')).not.toBe(before.get('scripts/run.mjs'))
  })

  it('changes everywhere with a declaration file, an augmentation or a tsconfig', () => {
    const repo = repository({
      ...project,
      'src/fastify-types.ts':
        "export {}\ndeclare module 'fastify' {\n  interface FastifyInstance { clock: () => Date }\n}\n",
      'src/globals.d.ts': 'declare const BUILD: string\n',
    })
    /** @type {Record<string, string>[]} */
    const changes = [
      { 'src/fastify-types.ts': "export {}\ndeclare module 'fastify' {}\n" },
      { 'src/globals.d.ts': 'declare const BUILD: number\n' },
      { 'tsconfig.json': '{ "compilerOptions": { "strict": false } }' },
    ]
    for (const change of changes) {
      const before = repo.keys()
      repo.write(change)
      const after = repo.keys()
      for (const [file, key] of before) expect(after.get(file), file).not.toBe(key)
    }
  })

  it('is the same for a clone of the repository at another path', () => {
    const keys = repository(project).keys()
    expect(repository(project).keys()).toEqual(keys)
    expect([...keys.values()].every(Boolean)).toBe(true)
  })

  it("changes with the file's own config only", () => {
    const repo = repository(project)
    const before = repo.keys()
    const after = repo.keys({ 'src/price.ts': 'another config' })
    expect(after.get('src/price.ts')).not.toBe(before.get('src/price.ts'))
    expect(after.get('src/money.ts')).toBe(before.get('src/money.ts'))
  })

  it('gives none to a file that imports, directly or not, a module that cannot be found', () => {
    const repo = repository({
      ...project,
      'src/money.ts': "import { rate } from './rates'\nexport const cents = () => rate\n",
      'src/style.ts': "import './menu.css'\nexport {}\n",
      'src/menu.css': 'h1 {}\n',
    })
    const keys = repo.keys()
    expect(keys.get('src/money.ts')).toBeUndefined()
    expect(keys.get('src/price.ts')).toBeUndefined()
    expect(keys.get('src/clock.ts')).toBeDefined()
    expect(keys.get('src/style.ts')).toBeDefined()
  })
})
