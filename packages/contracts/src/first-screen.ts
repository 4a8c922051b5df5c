import type { RestaurantMenu } from './menu'
import type { Restaurant, UiLanguage } from './restaurants'

/**
 * The menu's first screen, drawn by the server into the page before the app's scripts have
 * loaded (decision 0025). The web build renders it with the app's own components into
 * `FIRST_SCREEN_MODULE` inside its output; the server loads that module and calls it.
 */
export const FIRST_SCREEN_MODULE = '.vite/first-screen/first-screen.mjs'

/**
 * The diner's own choice of language, kept in a cookie too so the server draws the first
 * screen in it (the app keeps it in local storage, which the server cannot read).
 */
export const LANGUAGE_COOKIE = 'tableside_language'

/** The element holding the server's drawing; the app removes it when its screen is up. */
export const FIRST_SCREEN_ID = 'first-screen'

/**
 * A `<template>` of the page holding the app's module preloads on a drawn page: the entry
 * makes them live once the drawing is shown, so the scripts do not compete with its photos.
 */
export const APP_PRELOADS_ID = 'app-preloads'

export interface FirstScreenInput {
  restaurant: Restaurant
  menu: RestaurantMenu
  /** Whether the stories row shows: the app keeps its place while the stories load. */
  hasStories: boolean
  language: UiLanguage
  /** The page's path and query, e.g. `/rest/demo/menu?menu=bar`. */
  url: string
}

export type RenderFirstScreen = (input: FirstScreenInput) => string
