// What a file's lint result depends on, as one key (decision 0155). ESLint's own cache keys a
// result on the file's text and the config only, which is not enough here: the type-aware rules
// read the types of every module the file imports, directly or not, so a file that did not change
// can start failing when one of those did (a function that now returns a promise leaves its
// callers' floating promises). A key here covers the file, every module of ours it reaches by
// imports (`import type`, `import()` and JSDoc's `import('…')` included), what every file is
// typed against (declaration files, `declare module` and `declare global` blocks, tsconfigs, the
// installed packages) and the file's lint config. A file whose relative import cannot be resolved
// gets no key: it is linted every time.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'

/** Resolution as tsconfig.base.json sets it, JavaScript and `.ts` extensions included. */
const RESOLUTION = {
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  module: ts.ModuleKind.ESNext,
  allowJs: true,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  noEmit: true,
}

/** A type written in JSDoc (`@type {import('pg').Pool}`), which `preProcessFile` skips. */
const JSDOC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

/** A block that changes types in files that never import it (Fastify's decorators, globals). */
const AUGMENTATION = /^\s*declare\s+(?:module\s+['"]|global\b)/m

/** @param {string | Buffer} text */
const sha256 = (text) => createHash('sha256').update(text).digest('hex')

/**
 * @param {object} input
 * @param {string} input.root the repository
 * @param {readonly string[]} input.files the files to key, relative to `root`
 * @param {readonly string[]} input.everywhere what every file is typed against besides its imports
 *   (tsconfigs, the lockfile, the lint config), relative to `root`
 * @param {(file: string) => string} input.configOf the file's lint config, as text
 * @returns {Map<string, string | undefined>} each file's key; undefined: lint it every time
 */
export function lintKeys({ root, files, everywhere, configOf }) {
  /** @type {Map<string, string>} */
  const texts = new Map()
  /** @param {string} file absolute */
  const text = (file) => {
    let known = texts.get(file)
    if (known === undefined) {
      known = readFileSync(file, 'utf8')
      texts.set(file, known)
    }
    return known
  }
  const cache = ts.createModuleResolutionCache(root, (name) => name, RESOLUTION)

  /** @type {Map<string, string[] | undefined>} each file's own modules it imports; undefined: one did not resolve */
  const imports = new Map()
  /** @param {string} file absolute */
  const importsOf = (file) => {
    if (imports.has(file)) return imports.get(file)
    const source = text(file)
    const { importedFiles, referencedFiles } = ts.preProcessFile(source, true, true)
    const specifiers = [
      ...importedFiles.map((ref) => ref.fileName),
      ...referencedFiles.map((ref) => ref.fileName),
      ...[...source.matchAll(JSDOC_IMPORT)].map((match) => match[1] ?? ''),
    ]
    /** @type {string[] | undefined} */
    let found = []
    for (const specifier of new Set(specifiers)) {
      const resolved = ts.resolveModuleName(specifier, file, RESOLUTION, ts.sys, cache)
        .resolvedModule?.resolvedFileName
      const relativeSpecifier = specifier.startsWith('.') || specifier.startsWith('/')
      if (resolved && !resolved.includes('/node_modules/') && resolved.startsWith(root)) {
        found.push(resolved)
      } else if (relativeSpecifier) {
        // A stylesheet or a picture is no module of types; anything else unresolved is unknown.
        const path = resolve(file, '..', specifier.replace(/[?#].*$/, ''))
        if (/\.(css|svg|png|jpe?g|webp|json|html|txt|sql)$/.test(path) && ts.sys.fileExists(path)) {
          found.push(path)
        } else {
          found = undefined
          break
        }
      }
      // A package's name: the lockfile, in `everywhere`, stands for its types.
    }
    imports.set(file, found)
    return found
  }

  /** @param {string} file absolute @returns {string[] | undefined} every module it reaches, itself included */
  const reach = (file) => {
    const seen = new Set([file])
    const queue = [file]
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const direct = importsOf(next)
      if (!direct) return undefined
      for (const dependency of direct) {
        if (seen.has(dependency)) continue
        seen.add(dependency)
        queue.push(dependency)
      }
    }
    return [...seen].sort()
  }

  const absolute = files.map((file) => resolve(root, file))
  const global = sha256(
    JSON.stringify([
      process.version,
      ...everywhere.map((file) => [file, sha256(text(resolve(root, file)))]),
      // Declaration files and augmentations type files that do not import them.
      ...absolute
        .filter((file) => file.endsWith('.d.ts') || AUGMENTATION.test(text(file)))
        .map((file) => [relative(root, file), sha256(text(file))]),
    ]),
  )
  return new Map(
    files.map((file, index) => {
      const reached = reach(absolute[index] ?? '')
      if (!reached) return [file, undefined]
      const parts = reached.map((path) => [relative(root, path), sha256(text(path))])
      return [file, sha256(JSON.stringify([global, configOf(file), parts]))]
    }),
  )
}
