import { describe, expect, it } from 'vitest'
import { markStylesheetPrecedence } from './stylesheet-precedence-plugin'

describe('The app stylesheet’s precedence', () => {
  it('marks the stylesheet link, and nothing else', () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/core.js">' +
      '<link rel="stylesheet" crossorigin href="/assets/style-1.css"></head>'
    expect(markStylesheetPrecedence(html)).toBe(
      '<head><link rel="modulepreload" href="/assets/core.js">' +
        '<link rel="stylesheet" data-precedence="app" crossorigin href="/assets/style-1.css"></head>',
    )
  })

  it('fails the build when Vite wrote no stylesheet link to mark', () => {
    expect(() => markStylesheetPrecedence('<head></head>')).toThrow(/no stylesheet link/)
  })
})
