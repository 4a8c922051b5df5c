import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database readiness',
  tags: ['system'],
  status: 200,
  response: z.object({ status: z.literal('ok') }),
})
