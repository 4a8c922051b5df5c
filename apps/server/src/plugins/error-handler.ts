import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import type { ErrorBody, FieldError } from '@tableside/contracts/errors'
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
}

export function errorResponse(code: string, message: string, fields?: FieldError[]): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } }
}

/** One error shape for every failure; a 5xx says only that it was our fault, never why. */
export function installErrorHandler(app: FastifyInstance): void {
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
      return reply.code(error.status).send(errorResponse(error.code, error.message, error.fields))
    }
    const known = fastifyCodes[error.code]
    if (known) return reply.code(known.status).send(errorResponse(known.code, known.message))

    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorResponse('bad_request', error.message))
    }
    request.log.error({ err: error }, 'request failed')
    return reply
      .code(500)
      .send(errorResponse('internal_error', 'Something went wrong on our side. Please try again.'))
  })
}
