/// <reference types="vite/client" />

/** Replaced at build time by build/build-freshness-plugin.ts. */
declare const __TABLESIDE_BUILD_ID__: string
declare const __TABLESIDE_BUILT_AT__: string
