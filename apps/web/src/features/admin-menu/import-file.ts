import { MENU_FILE_FORMAT, type MenuFile } from '@tableside/contracts/menu-file'

/**
 * The file a manager chose to import, when it is JSON in the menu file's format; null when it
 * is not. Its fields are the server's to check, with the CLI's rules and defaults (a 400 names
 * each bad field), so the screen does not repeat them.
 */
export function readMenuFileForImport(text: string): MenuFile | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null || !('format' in parsed)) return null
  if (parsed.format !== MENU_FILE_FORMAT) return null
  // @ts-expect-error The server checks every field (see above); here only the format is known.
  return parsed
}
