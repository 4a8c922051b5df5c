import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { errorPageProps, errorTitle, isConnectionProblem } from './error-details'
import { notFound } from './http-status-error'

/** What the router hands the error boundary when no route matches. */
const routerNotFound = () =>
  new ErrorResponseImpl(404, 'Not Found', new Error('No route matches URL "/nope"'), true)

describe('error page contents (spec §8)', () => {
  it('calls an unknown path "Page Not Found" and names the path', () => {
    const props = errorPageProps(notFound(), '/nope')
    expect(props).toEqual({ status: 404, message: 'Page not found: /nope' })
    expect(errorTitle(props)).toBe('Page Not Found')
  })

  it('treats an API 404 (an unknown restaurant) the same way', () => {
    const props = errorPageProps(
      new ApiError(404, 'not_found', 'Restaurant not found'),
      '/rest/x/menu',
    )
    expect(props).toEqual({ status: 404, message: 'Page not found: /rest/x/menu' })
  })

  it('titles any other error "Internal Server Error" when it has no message of its own', () => {
    const props = errorPageProps(new Error(''), '/rest/demo/menu')
    expect(props).toEqual({ status: 500, message: undefined })
    expect(errorTitle(props)).toBe('Internal Server Error')
    expect(errorTitle(errorPageProps({ weird: true }, '/'))).toBe('Internal Server Error')
  })

  it("uses the error's own message and status when it carries them", () => {
    const props = errorPageProps(new ApiError(503, 'service_unavailable', 'Back in a minute'), '/')
    expect(props).toEqual({ status: 503, message: 'Back in a minute' })
    expect(errorTitle(props)).toBe('Back in a minute')
  })

  it('tells an unreachable server from a server error: no status, since nothing answered', () => {
    const props = errorPageProps(ApiError.network(new TypeError('x')), '/')
    expect(props).toEqual({ status: 0, message: 'The server could not be reached' })
    expect(isConnectionProblem(props)).toBe(true)
    expect(isConnectionProblem(errorPageProps(new Error('boom'), '/'))).toBe(false)
  })

  it("reads the router's own error responses", () => {
    expect(errorPageProps(routerNotFound(), '/nope')).toEqual({
      status: 404,
      message: 'Page not found: /nope',
    })
    const methodNotAllowed = new ErrorResponseImpl(405, 'Method Not Allowed', 'No action here')
    expect(errorPageProps(methodNotAllowed, '/')).toEqual({
      status: 405,
      message: 'No action here',
    })
  })
})
