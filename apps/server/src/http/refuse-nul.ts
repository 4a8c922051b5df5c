import type { FastifyInstance } from 'fastify'
import type { FieldError } from '@tableside/contracts/errors'
import { HttpError } from './http-error'

const NUL = '\u0000'
/** A UTF-16 surrogate without its other half (a well-formed pair is one code point here). */
const LONE_SURROGATE = /\p{Cs}/u

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and no UTF-8 can hold a lone surrogate
 * (PGlite fails on it; node-postgres would quietly store U+FFFD instead), so either in any
 * string of a request's body, query or path would fail at the insert as a 500 or change the
 * text. It is refused before validation instead, naming where it was. Raw bodies kept as strings (signed webhooks) are checked by their
 * handlers' parsers, after the signature.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const fields = [
      ...nulFields(request.params, 'params'),
      ...nulFields(request.query, 'querystring'),
      ...(typeof request.body === 'string' ? [] : nulFields(request.body, 'body')),
    ]
    if (fields.length === 0) {
      done()
      return
    }
    done(
      new HttpError(
        400,
        'validation_failed',
        'Some text holds a character that cannot be stored (NUL or half of a surrogate pair); remove it and send again.',
        fields,
      ),
    )
  })
}

function nulFields(value: unknown, root: string): FieldError[] {
  const found: FieldError[] = []
  // A stack, not recursion: a body may nest thousands deep.
  const pending: [unknown, string][] = [[value, root]]
  while (pending.length > 0 && found.length < 10) {
    const [node, path] = pending.pop() ?? [undefined, root]
    if (typeof node === 'string') {
      if (node.includes(NUL)) found.push({ path, message: 'Remove the NUL character (\\u0000).' })
      else if (LONE_SURROGATE.test(node))
        found.push({ path, message: 'Remove the broken character (half of a surrogate pair).' })
    } else if (ArrayBuffer.isView(node)) {
      // A raw body (a photo): bytes, not text; walking its millions of indexes took seconds.
      continue
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (key.includes(NUL) || LONE_SURROGATE.test(key))
          found.push({ path, message: 'A field name holds a character that cannot be stored.' })
        pending.push([child, `${path}.${key}`])
      }
    }
  }
  return found
}
