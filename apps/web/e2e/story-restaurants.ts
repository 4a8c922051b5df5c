import { basename } from 'node:path'

/** A story file's own restaurant on the shared server: its id and its tables' QR tokens by code. */
export interface StoryRestaurant {
  id: string
  tableTokens: Record<string, string>
}

/** A story file's restaurant is named after the file: `cart.test.ts` orders at `cart`. */
export const storyRestaurantId = (file: string): string => basename(file, '.test.ts')
