import type { FastifyInstance, FastifyRequest } from 'fastify'
import { getBonusCard, getBonusProgram, registerBonusCard } from '@tableside/contracts/bonus'
import { registerEndpoint } from '../../http/register-endpoint'
import type { BonusCardService } from './bonus-card-service'

/** The bonus card's routes (decision 0058); `requireClient` comes from the app layer. */
export function registerBonusRoutes(
  app: FastifyInstance,
  cards: BonusCardService,
  requireClient: (request: FastifyRequest) => Promise<{ id: string }>,
): void {
  registerEndpoint(app, getBonusProgram, ({ params }) => cards.program(params.restaurantId))
  registerEndpoint(app, getBonusCard, async ({ request, query }) =>
    cards.card((await requireClient(request)).id, query.restaurantId),
  )
  registerEndpoint(app, registerBonusCard, async ({ request, body }) =>
    cards.register((await requireClient(request)).id, body.restaurantId),
  )
}
