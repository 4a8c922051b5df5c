/**
 * Every query and mutation that acts as the signed-in waiter is keyed under `garcon`: a 401
 * from any of them means the session ended (`use-session-watch.ts`). Signing in is not.
 */
export const GARCON_KEY = 'garcon'

export const garconMeQueryKey = [GARCON_KEY, 'me'] as const
