import * as z from 'zod/mini'
import type { FieldError } from '@tableside/contracts/errors'
import { menuFile, menuFileProblems, type MenuFile } from '@tableside/contracts/menu-file'

export type MenuFileCheck = { ok: true; file: MenuFile } | { ok: false; problems: FieldError[] }

/** Checks a whole menu file: every bad field is reported with its path, not just the first. */
export function checkMenuFile(raw: unknown): MenuFileCheck {
  const parsed = z.safeParse(menuFile, raw)
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({
        path: formatPath(issue.path),
        message: issue.message,
      })),
    }
  }
  const problems = menuFileProblems(parsed.data)
  return problems.length > 0 ? { ok: false, problems } : { ok: true, file: parsed.data }
}

/** `menus[0].categories[2].dishes[1].price`, as a person reads a JSON file. */
function formatPath(path: readonly PropertyKey[]): string {
  let text = ''
  for (const part of path) {
    if (typeof part === 'number') text += `[${String(part)}]`
    else text += text ? `.${String(part)}` : String(part)
  }
  return text || '(the file)'
}
