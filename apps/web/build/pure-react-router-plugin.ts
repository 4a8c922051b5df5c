import type { Plugin } from 'vite'

/** react-router's own build output (ESM), the only files this plugin touches. */
const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/

/**
 * Branches for features the app does not use, cut so their code leaves the bundle: router
 * instrumentation (`createBrowserRouter` is given no `instrumentations`) and the error
 * handler of React Server Components (no RSC router provides its context). Each must match
 * somewhere, or the build fails: a new react-router whose code moved would otherwise bring
 * the bytes back without a word.
 */
const UNUSED_BRANCHES = [
  { name: 'router instrumentation', pattern: /^( *)if \(init\.instrumentations\) \{$/gm },
  {
    name: 'RSC error handler',
    pattern:
      /^( *)if \(this\.context\) \{(?=\n *return \/\* @__PURE__ \*\/ \w+\.createElement\(RSCErrorHandler,)/gm,
  },
]

/**
 * React Router ships components it creates at module level without a `#__PURE__` mark
 * (`var NavLink = React10.forwardRef(…)`) and names them for the devtools with top-level
 * property writes (`NavLink.displayName = "NavLink"`). Both count as side effects, so the
 * bundle keeps every such component and what it pulls in (NavLink, Form, ScrollRestoration,
 * useSubmit, the RSC and prefetch helpers) although the app uses none of them. This marks
 * those calls pure and drops the `displayName` writes (a name for React DevTools, nothing the
 * app reads), and turns the unused branches above into `if (false)`; lines stay where they
 * were, so source maps stay right. Used components keep working: tree-shaking only removes
 * what nothing references.
 */
export function pureReactRouter(): Plugin {
  const matched = new Set<string>()
  return {
    name: 'tableside:pure-react-router',
    apply: 'build',
    buildStart() {
      matched.clear()
    },
    transform: {
      filter: { id: REACT_ROUTER_DIST },
      handler(code) {
        let next = code
          .replace(/^(\w+)\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /^(var|const|let) (\w+) = (React\d*\.(?:forwardRef|memo|createContext))\(/gm,
            '$1 $2 = /* @__PURE__ */ $3(',
          )
        for (const { name, pattern } of UNUSED_BRANCHES) {
          next = next.replace(pattern, (_, indent: string) => {
            matched.add(name)
            return `${indent}if (false) {`
          })
        }
        return next === code ? null : { code: next, map: null }
      },
    },
    buildEnd(error) {
      if (error) return
      const missing = UNUSED_BRANCHES.filter(({ name }) => !matched.has(name))
      if (missing.length > 0) {
        this.error(
          `pure-react-router: react-router's code changed; no match for ${missing.map(({ name }) => name).join(', ')}. Update apps/web/build/pure-react-router-plugin.ts.`,
        )
      }
    },
  }
}
