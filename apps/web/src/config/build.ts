/** This build's identity, injected by the build-freshness Vite plugin (`define`). */
export const currentBuild = {
  buildId: __TABLESIDE_BUILD_ID__,
  builtAt: __TABLESIDE_BUILT_AT__,
}
