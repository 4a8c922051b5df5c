import * as z from 'zod/mini'

/** `dist/latest.json`: the build the server deploys now. */
export const latestBuild = z.object({ buildId: z.string(), builtAt: z.string() })
export type LatestBuild = z.infer<typeof latestBuild>

/** `dist/builds/{buildId}.json`: what one build consists of. */
export const buildManifest = z.object({
  buildId: z.string(),
  builtAt: z.string(),
  entry: z.string(),
  assets: z.array(z.string()),
})
export type BuildManifest = z.infer<typeof buildManifest>
