import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { createErrorReporter, type ClientErrorReport } from './error-reporter'

function reporter(send?: (report: ClientErrorReport) => Promise<unknown>) {
  const sent: ClientErrorReport[] = []
  const report = createErrorReporter({
    instanceId: 'instance-1',
    buildId: 'build-1',
    currentPath: () => '/rest/demo/menu',
    send:
      send ??
      ((r) => {
        sent.push(r)
        return Promise.resolve()
      }),
  })
  return { report, sent }
}

describe('error reporter', () => {
  it('sends the kind, instance, build, path, status and message', () => {
    const { report, sent } = reporter()
    report('navigation', new ApiError(503, 'service_unavailable', 'Busy'))
    expect(sent).toEqual([
      expect.objectContaining({
        kind: 'navigation',
        instanceId: 'instance-1',
        buildId: 'build-1',
        path: '/rest/demo/menu',
        status: 503,
        message: 'Busy',
      }),
    ])
    expect(sent[0]?.stack).toContain('ApiError')
  })

  it('reports the same error object once', () => {
    const { report, sent } = reporter()
    const error = new Error('boom')
    report('render', error)
    report('render', error)
    report('render', new Error('boom'))
    expect(sent).toHaveLength(2)
  })

  it('clips long texts to what the contract allows', () => {
    const { report, sent } = reporter()
    report('unhandled', new Error('x'.repeat(5000)), `/${'p'.repeat(3000)}`)
    expect(sent[0]?.message).toHaveLength(2000)
    expect(sent[0]?.path).toHaveLength(2048)
  })

  it('stops after 20 reports in one page load', () => {
    const { report, sent } = reporter()
    for (let i = 0; i < 30; i++) report('unhandled', new Error(`e${i}`))
    expect(sent).toHaveLength(20)
  })

  it('swallows a failed send', async () => {
    let calls = 0
    const { report } = reporter(() => {
      calls += 1
      return Promise.reject(new Error('offline'))
    })
    expect(() => report('startup', new Error('x'))).not.toThrow()
    await Promise.resolve()
    expect(calls).toBe(1)
  })
})
