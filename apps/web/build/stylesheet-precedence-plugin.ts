import type { Plugin } from 'vite'

/** The app's stylesheet link as Vite writes it into index.html. */
const APP_STYLESHEET = /<link rel="stylesheet"(?![^>]*data-precedence)/g

/**
 * Gives the app's one stylesheet React's precedence `app` in the built index.html. A stylesheet
 * React loads later (the staff's, decision 0082) then goes after it in the cascade, as its rules
 * were written to; without it React puts its own first in the head, and the app's rules of the
 * same specificity would win over the staff's.
 */
export function markStylesheetPrecedence(html: string): string {
  const marked = html.replace(APP_STYLESHEET, '<link rel="stylesheet" data-precedence="app"')
  if (marked === html) throw new Error('index.html has no stylesheet link to give a precedence')
  return marked
}

export function stylesheetPrecedence(): Plugin {
  return {
    name: 'tableside:stylesheet-precedence',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: markStylesheetPrecedence },
  }
}
