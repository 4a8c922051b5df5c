import { chooseSecretHashCost } from '../lib/secret-hash'

/**
 * The server's test files hash at the cheapest cost (decision 0160): they make and check about
 * 1,700 PINs and passwords a run, which at the server's cost was ~90 s of CPU. Each hash carries
 * its cost, so one made at either cost is checked alike; `secret-hash.test.ts` checks the
 * server's own.
 */
export const TEST_SECRET_HASH_COST = 10

chooseSecretHashCost(TEST_SECRET_HASH_COST)
