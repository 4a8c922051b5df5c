import type { FastifyInstance } from 'fastify'
import { getBill } from '@tableside/contracts/orders'
import { registerEndpoint } from '../../http/register-endpoint'
import type { BillService } from './bill-service'

export function registerBillRoutes(app: FastifyInstance, bills: BillService) {
  registerEndpoint(app, getBill, ({ params }) => bills.bill(params.sessionId))
}
