import { config } from 'zod/v4/core'
import { en } from 'zod/v4/locales'

// zod/mini ships without messages; the API answers field errors in plain English.
config(en())
