import * as z from 'zod/mini'

export const environment = z.enum(['production', 'development'])
export type Environment = z.infer<typeof environment>

/**
 * What the SPA needs to know about its deployment, produced by the server at request
 * time (spec §7) so one build runs anywhere.
 */
export const runtimeConfig = z.object({
  apiBase: z.string(),
  environment,
  promoSiteUrl: z.nullable(z.string()),
  /** Online payments go to the built-in sandbox acquirer: test payments, no money moves. */
  testPayments: z.boolean(),
  realtime: z.object({
    key: z.string(),
    host: z.string(),
    port: z.number(),
    scheme: z.enum(['ws', 'wss']),
    cluster: z.string(),
    authEndpoint: z.string(),
  }),
})
export type RuntimeConfig = z.infer<typeof runtimeConfig>

/** Where the server embeds the config in index.html: a JSON data block, which CSP allows. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'tableside-runtime-config'
/** The same config as a document, for clients that do not load index.html from the server. */
export const RUNTIME_CONFIG_PATH = '/runtime-config.json'
