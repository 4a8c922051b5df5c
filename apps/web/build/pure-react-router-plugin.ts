import type { Plugin } from 'vite'

/** react-router's own build output (ESM), the only files this plugin touches. */
const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/

/**
 * React Router ships components it creates at module level without a `#__PURE__` mark
 * (`var NavLink = React10.forwardRef(…)`) and names them for the devtools with top-level
 * property writes (`NavLink.displayName = "NavLink"`). Both count as side effects, so the
 * bundle keeps every such component and what it pulls in (NavLink, Form, ScrollRestoration,
 * useSubmit, the RSC and prefetch helpers) although the app uses none of them. This marks
 * those calls pure and drops the `displayName` writes (a name for React DevTools, nothing the
 * app reads); lines stay where they were, so source maps stay right. Used components keep
 * working: tree-shaking only removes what nothing references.
 */
export function pureReactRouter(): Plugin {
  return {
    name: 'tableside:pure-react-router',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_DIST },
      handler(code) {
        const next = code
          .replace(/^(\w+)\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /^(var|const|let) (\w+) = (React\d*\.(?:forwardRef|memo|createContext))\(/gm,
            '$1 $2 = /* @__PURE__ */ $3(',
          )
        return next === code ? null : { code: next, map: null }
      },
    },
  }
}
