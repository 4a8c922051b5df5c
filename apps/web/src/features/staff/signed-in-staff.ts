import { createContext, use } from 'react'
import type { AdminMe } from '@tableside/contracts/staff'

/** The manager the back office is signed in as (set by the admin layout). */
export const SignedInManagerContext = createContext<AdminMe | null>(null)

export function useSignedInManager(): AdminMe {
  const manager = use(SignedInManagerContext)
  if (!manager) throw new Error('useSignedInManager is used outside the back office')
  return manager
}
