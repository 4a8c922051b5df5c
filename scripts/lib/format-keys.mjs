// What the format check looks at and the key each file's verdict is remembered under
// (decision 0157): Prettier's version, the file's path in the checkout, its parser, its resolved
// options and its text. A formatter reads nothing else, so nothing else is in the key.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as prettier from 'prettier'

/**
 * @typedef {{ file: string, text: string, options: import('prettier').Options, key: string }} FormatFile
 * @param {{ root: string, files: string[] }} checkout `files` relative to `root`
 * @returns {Promise<FormatFile[]>} the files Prettier formats, as `prettier --check .` takes them
 */
export async function formatKeys({ root, files }) {
  /** As the command line reads them. */
  const ignorePath = ['.gitignore', '.prettierignore'].map((name) => join(root, name))
  // Prettier keeps what it resolved for each folder: read the config files as they are now.
  await prettier.clearConfigCache()
  /** @type {FormatFile[]} */
  const formatted = []
  for (const file of files) {
    const path = join(root, file)
    const info = await prettier.getFileInfo(path, { ignorePath })
    if (info.ignored || !info.inferredParser) continue
    const resolved = await prettier.resolveConfig(path, { editorconfig: true })
    const text = readFileSync(path, 'utf8')
    const key = createHash('sha256')
      .update(JSON.stringify([prettier.version, file, info.inferredParser, resolved]))
      .update('\0')
      .update(text)
      .digest('hex')
    formatted.push({ file, text, options: { ...resolved, filepath: path }, key })
  }
  return formatted
}
