import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ErrorBody, FieldError } from '@tableside/contracts/errors'
import { isDatabaseUnavailable } from '../db/database-unavailable'
import { HttpError } from '../http/http-error'

const fastifyCodes: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'unsupported_media_type',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'validation_failed',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'validation_failed',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'bad_request',
    message: 'The address is not valid: check its percent-escapes.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'uri_too_long',
    message: 'A part of the address is too long.',
  },
}

export function errorResponse(
  code: string,
  message: string,
  fields?: FieldError[],
  extra?: Readonly<Record<string, unknown>>,
): ErrorBody {
  return { error: { ...extra, code, message, ...(fields ? { fields } : {}) } }
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.'

/** Seconds a client waits before it asks again while the database does not answer. */
export const DATABASE_RETRY_AFTER_S = 2

/** 503 `database_unavailable` with `Retry-After`: the database will be back (issue 26). */
export function databaseUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(DATABASE_RETRY_AFTER_S))
    .send(
      errorResponse(
        'database_unavailable',
        'The restaurant’s database is not answering right now. Try again in a moment.',
      ),
    )
}

/**
 * Fastify's `frameworkErrors` option: failures found before a route is chosen (a malformed
 * percent-escape, a path parameter over the router's length) answer in the one error shape
 * instead of Fastify's own.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = fastifyCodes[error.code]
  if (known) {
    void reply.code(known.status).send(errorResponse(known.code, known.message))
    return
  }
  request.log.error({ err: error }, 'request failed before routing')
  void reply.code(500).send(errorResponse('internal_error', INTERNAL_MESSAGE))
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses (a malformed request
 * line, headers too large, a request too slow) is answered, when the socket can still be
 * written, in the one error shape; the socket is then closed as Node does.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers_too_large', 'The request headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive.']
        : [400, 'bad_request', 'The request is not valid HTTP.']
  if (socket.writable) {
    const body = JSON.stringify(errorResponse(code, message))
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Connection: close\r\n' +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}

/**
 * One error shape for every failure; a 5xx says only that it was our fault, never why.
 * Requests that still arrive on open connections while the server closes get 503 (the app
 * turns Fastify's own `return503OnClosing` off for this).
 */
export function installErrorHandler(app: FastifyInstance): void {
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) {
      done()
      return
    }
    void reply
      .code(503)
      .header('connection', 'close')
      .send(
        errorResponse('service_unavailable', 'The server is restarting. Try again in a moment.'),
      )
  })
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'request'
      const fields = error.validation.map((issue) => ({
        path: [part, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value.',
      }))
      return reply
        .code(400)
        .send(errorResponse('validation_failed', 'Some fields are missing or invalid.', fields))
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.status)
        .send(errorResponse(error.code, error.message, error.fields, error.extra))
    }
    const known = fastifyCodes[error.code]
    if (known) return reply.code(known.status).send(errorResponse(known.code, known.message))

    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorResponse('bad_request', error.message))
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is not answering')
      return databaseUnavailable(reply)
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send(errorResponse('internal_error', INTERNAL_MESSAGE))
  })
}
