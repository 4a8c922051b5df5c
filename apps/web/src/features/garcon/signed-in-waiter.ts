import { createContext, useContext } from 'react'
import type { Waiter } from '@tableside/contracts/garcon'

/** The waiter the garcon area's frame has signed in; every waiter screen is drawn inside it. */
export const SignedInWaiterContext = createContext<Waiter | null>(null)

export function useSignedInWaiter(): Waiter {
  const waiter = useContext(SignedInWaiterContext)
  if (!waiter) throw new Error('useSignedInWaiter is used outside the signed-in garcon area')
  return waiter
}
