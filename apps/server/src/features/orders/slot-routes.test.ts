import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { slots } from '@tableside/contracts/orders'
import '../../config/zod-messages'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { installErrorHandler } from '../../plugins/error-handler'
import { testDatabaseKinds } from '../../test/test-database'
import { createRestaurantRepository } from '../restaurants/restaurant-repository'
import { registerSlotRoutes } from './slot-routes'

const NOW = new Date('2026-11-16T09:10:00Z') // Monday 12:10 in Moscow, the demo's timezone

describe.each(testDatabaseKinds)('Slots API on $name', (kind) => {
  let database: DatabaseHandle
  let app: FastifyInstance
  beforeAll(async () => {
    database = await kind.open()
    await seedDemo(database.db)
    app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    installErrorHandler(app)
    registerSlotRoutes(app, {
      restaurants: createRestaurantRepository(database.db),
      now: () => NOW,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const getSlots = (restaurantId: string, query: string) =>
    app.inject({ url: `/restaurants/${restaurantId}/slots?${query}` })

  it("answers the demo's pickup slots for today in the contract shape", async () => {
    const response = await getSlots('demo', 'type=pickup')
    expect(response.statusCode).toBe(200)
    const body = slots.parse(response.json())
    expect(body).toMatchObject({
      type: 'pickup',
      timezone: 'Europe/Moscow',
      date: '2026-11-16',
      asap: true,
      leadTimeMinutes: 20,
    })
    expect(body.days).toHaveLength(8)
    expect(body.slots[0]).toEqual({ at: '2026-11-16T09:30:00.000Z', label: '12:30' })
    expect(body.slots.at(-1)?.label).toBe('22:30')
  })

  it('answers pre-order slots for a chosen day, past midnight on a Friday', async () => {
    const body = slots.parse((await getSlots('demo', 'type=preorder&date=2026-11-20')).json())
    expect(body).toMatchObject({ date: '2026-11-20', asap: false, leadTimeMinutes: 120 })
    expect(body.slots.at(-1)).toEqual({ at: '2026-11-20T21:30:00.000Z', label: '00:30' })
  })

  it('answers no slots for a day outside the week ahead', async () => {
    const body = slots.parse((await getSlots('demo', 'type=delivery&date=2026-12-01')).json())
    expect(body.slots).toEqual([])
  })

  it('answers 404 for an unknown restaurant', async () => {
    const response = await getSlots('nowhere', 'type=pickup')
    expect(response.statusCode).toBe(404)
    expect(errorBody.parse(response.json()).error.code).toBe('not_found')
  })

  it.each([
    ['a missing type', 'date=2026-11-16', 'querystring.type'],
    ['a table order type', 'type=dine_in', 'querystring.type'],
    ['a malformed date', 'type=pickup&date=16.11.2026', 'querystring.date'],
    ['a day that does not exist', 'type=pickup&date=2026-02-30', 'querystring.date'],
  ])('answers 400 for %s', async (_case, query, path) => {
    const response = await getSlots('demo', query)
    expect(response.statusCode).toBe(400)
    const { error } = errorBody.parse(response.json())
    expect(error.code).toBe('validation_failed')
    expect(error.fields?.map((field) => field.path)).toEqual([path])
  })
})
