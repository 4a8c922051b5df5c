import { describe, expect, it } from 'vitest'
import { formatKeys } from './format-keys.mjs'
import { scratchCheckout } from './scratch-checkout.mjs'

const project = {
  '.prettierrc.json': '{ "semi": false }\n',
  '.prettierignore': 'generated\n',
  '.gitignore': 'dist/\n',
  'src/a.ts': 'export const a = 1\n',
  'src/b.ts': 'export const b = 2\n',
  'generated/c.ts': 'export const c = 3\n',
  'dist/d.js': 'export const d = 4\n',
  'notes.txt': 'no parser for this\n',
}

/** @param {Record<string, string>} files */
function checkout(files) {
  const { root, write } = scratchCheckout(files)
  const keys = async () =>
    new Map(
      (await formatKeys({ root, files: Object.keys(files) })).map(({ file, key }) => [file, key]),
    )
  return { write, keys }
}

describe('what a file is format-checked against', () => {
  it('takes what Prettier formats: not what its or git’s ignore file names, nor files it has no parser for', async () => {
    const keys = await checkout(project).keys()
    expect([...keys.keys()].sort()).toEqual(['.prettierrc.json', 'src/a.ts', 'src/b.ts'])
  })

  it('changes with the file’s text, and not with another file’s', async () => {
    const repo = checkout(project)
    const before = await repo.keys()
    repo.write({ 'src/a.ts': 'export const a = 10\n' })
    const after = await repo.keys()
    expect(after.get('src/a.ts')).not.toBe(before.get('src/a.ts'))
    expect(after.get('src/b.ts')).toBe(before.get('src/b.ts'))
  })

  it('changes for every file when the options do', async () => {
    const repo = checkout(project)
    const before = await repo.keys()
    repo.write({ '.prettierrc.json': '{ "semi": true }\n' })
    const after = await repo.keys()
    for (const file of ['src/a.ts', 'src/b.ts']) expect(after.get(file)).not.toBe(before.get(file))
  })

  it('is the same in a clone elsewhere', async () => {
    expect(await checkout(project).keys()).toEqual(await checkout(project).keys())
  })
})
