import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { restaurantId } from './restaurants'
import { slugId } from './text'

/**
 * A diner's favourite dishes at one restaurant (issue 16, decision 0052): kept on the device
 * while anonymous, in the profile once signed in, merged on sign-in. The same entry and the
 * same limit on both sides, so a list moves between them unchanged.
 */

/** How many favourites one diner keeps per restaurant; adding one more forgets the oldest. */
export const MAX_FAVOURITES = 200
/** The dish's name as the diner saw it when they saved it, for a dish since taken off the menu. */
export const MAX_FAVOURITE_NAME = 200

export const favourite = z.object({
  dishId: slugId,
  /** When it was saved, epoch milliseconds: the list is newest first, and a merge keeps that. */
  addedAt: z.int().check(z.nonnegative()),
  name: z.string().check(z.maxLength(MAX_FAVOURITE_NAME)),
})
export type Favourite = z.infer<typeof favourite>

/** Newest first, each dish once. */
export const favouriteList = z.object({
  restaurantId,
  favourites: z.array(favourite).check(z.maxLength(MAX_FAVOURITES)),
})
export type FavouriteList = z.infer<typeof favouriteList>

const byRestaurant = z.object({ restaurantId })

/*
 * The profile's side (header X-Profile-Token; 401 without a valid one), served by the server's
 * `features/favourites/`. Every answer is the whole list as it now stands, so the device never
 * has to guess what a write did. Decisions 0052 and 0056 say how they behave.
 */

export const getFavourites = defineEndpoint({
  method: 'GET',
  path: '/me/favorites',
  summary: "The signed-in diner's favourite dishes at a restaurant, newest first",
  tags: ['client'],
  query: byRestaurant,
  status: 200,
  response: favouriteList,
})

/** Saves a dish (idempotent: a dish saved already keeps its place); 404 for a dish the restaurant has not got. */
export const putFavourite = defineEndpoint({
  method: 'PUT',
  path: '/me/favorites/:dishId',
  summary: 'Saves a dish to the signed-in diner’s favourites',
  tags: ['client'],
  params: z.object({ dishId: slugId }),
  query: byRestaurant,
  status: 200,
  response: favouriteList,
})

/** Forgets a dish (idempotent: forgetting one that is not there changes nothing). */
export const deleteFavourite = defineEndpoint({
  method: 'DELETE',
  path: '/me/favorites/:dishId',
  summary: 'Removes a dish from the signed-in diner’s favourites',
  tags: ['client'],
  params: z.object({ dishId: slugId }),
  query: byRestaurant,
  status: 200,
  response: favouriteList,
})

/**
 * What the device saved while anonymous, sent once after signing in: the union of both lists,
 * newest first by `addedAt` (the later one for a dish in both), cut to `MAX_FAVOURITES`.
 */
export const mergeFavourites = defineEndpoint({
  method: 'POST',
  path: '/me/favorites/merge',
  summary: 'Merges the favourites a device saved before signing in into the profile',
  tags: ['client'],
  body: favouriteList,
  status: 200,
  response: favouriteList,
})
