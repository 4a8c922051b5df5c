import * as z from 'zod/mini'
import type { FieldError } from '@tableside/contracts/errors'
import { menuFileProblems, placedDishes, type MenuFile } from '@tableside/contracts/menu-file'
import { menuFileImport } from '@tableside/contracts/menu-file-import'

export type MenuFileCheck = { ok: true; file: MenuFile } | { ok: false; problems: FieldError[] }

/**
 * Checks a whole menu file: every bad field is reported with its path, not just the first.
 * Pictures load from this server (`/media/…`) or from `mediaOrigins`: the app's pages allow
 * no other image host (decision 0030).
 */
export function checkMenuFile(
  raw: unknown,
  { mediaOrigins = [] }: { mediaOrigins?: readonly string[] } = {},
): MenuFileCheck {
  const parsed = z.safeParse(menuFileImport, raw)
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({
        path: formatPath(issue.path),
        message: issue.message,
      })),
    }
  }
  const problems = [...menuFileProblems(parsed.data), ...pictureProblems(parsed.data, mediaOrigins)]
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

function pictureProblems(file: MenuFile, mediaOrigins: readonly string[]): FieldError[] {
  const pictures = [
    ...placedDishes(file).map(({ dish, path }) => ({
      url: dish.photo?.url,
      path: `${path}.photo.url`,
    })),
    ...file.stories.map((story, i) => ({
      url: story.media.url,
      path: `stories[${String(i)}].media.url`,
    })),
  ]
  return pictures.flatMap(({ url, path }) => {
    if (!url?.startsWith('https://')) return []
    const origin = URL.canParse(url) ? new URL(url).origin : url
    if (mediaOrigins.includes(origin)) return []
    const listed = mediaOrigins.length > 0 ? mediaOrigins.join(', ') : 'none'
    return [
      {
        path,
        message: `Pictures from ${origin} would not show: add it to the server's MEDIA_ORIGINS (now ${listed}) or put the picture under /media/`,
      },
    ]
  })
}
