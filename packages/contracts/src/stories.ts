import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { getStoriesRoute } from './first-screen-reads'
import { restaurantId } from './restaurants'
import { image, localizedText, slugId } from './text'

export const story = z.object({
  id: slugId,
  title: localizedText,
  caption: z.nullable(localizedText),
  media: image,
  /** The dish the story's button opens; null for a story without one. */
  dishId: z.nullable(slugId),
  /** How long the viewer shows it before moving on. */
  durationMs: z.int().check(z.gte(2000), z.lte(30_000)),
})
export type Story = z.infer<typeof story>

export const getStories = defineEndpoint({
  ...getStoriesRoute,
  summary: "The restaurant's stories that are active now, in order",
  tags: ['menu'],
  params: z.object({ restaurantId }),
  response: z.object({ stories: z.array(story) }),
})
