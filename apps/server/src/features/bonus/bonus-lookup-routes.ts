import type { FastifyInstance, FastifyRequest } from 'fastify'
import { lookupBonusCard } from '@tableside/contracts/bonus'
import type { Waiter } from '@tableside/contracts/garcon'
import { registerEndpoint } from '../../http/register-endpoint'
import type { BonusLookupService } from './bonus-lookup-service'

/**
 * A waiter's look-up of a card by its number (decision 0059); `requireWaiter` comes from the
 * app layer, the rate limits from its policy (per waiter's sign-in and per address).
 */
export function registerBonusLookupRoutes(
  app: FastifyInstance,
  lookup: BonusLookupService,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
): void {
  registerEndpoint(app, lookupBonusCard, async ({ request, params }) =>
    lookup.lookup(await requireWaiter(request), params.number),
  )
}
