import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import {
  adminLogin,
  adminLogout,
  getAdminMe,
  getKitchenMe,
  kitchenLogin,
  kitchenLogout,
  type AdminMe,
  type KitchenStaff,
} from '@tableside/contracts/staff'
import { useApiClient } from '../../../lib/app-context'
import { isApiError } from '../../../lib/api-error'
import { useSessionEndWatch } from '../../../lib/session-end-watch'
import {
  forgetStaffToken,
  saveStaffToken,
  useStaffSessionEnded,
  useStaffToken,
  type StaffRole,
} from '../staff-token-store'

/** Every query and mutation of the back office starts with this key (see `useStaffWatch`). */
export const ADMIN_KEY = 'admin'
export const KITCHEN_KEY = 'kitchen'
const keyOf = (role: StaffRole) => (role === 'manager' ? ADMIN_KEY : KITCHEN_KEY)
/**
 * The token no longer signs anyone in. Only `unauthorized`: a 401 with a code of its own (a
 * wrong TOTP code, `totp_invalid`) is an answer to the request, not the session's end.
 */
const refused = (error: unknown) =>
  isApiError(error) && error.status === 401 && error.code === 'unauthorized'

export type StaffSession<Who> =
  | { status: 'signed-out'; ended: boolean }
  | { status: 'checking' }
  | { status: 'unreachable'; retry: () => void }
  | { status: 'signed-in'; who: Who }

/**
 * A 401 from any query or mutation of the area (the token expired or was revoked) forgets the
 * token and what was fetched with it; the sign-in window then says the session ended.
 */
function useStaffWatch(role: StaffRole) {
  const forget = useCallback(() => forgetStaffToken(role, { ended: true }), [role])
  useSessionEndWatch(keyOf(role), refused, forget)
}

function useStaffSession<Who>(
  role: StaffRole,
  fetchMe: (signal: AbortSignal) => Promise<Who>,
): StaffSession<Who> {
  const token = useStaffToken(role)
  const ended = useStaffSessionEnded(role)
  useStaffWatch(role)
  const me = useQuery({
    queryKey: [keyOf(role), 'me', token],
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: token !== undefined,
    staleTime: 5 * 60_000,
  })
  if (token === undefined) return { status: 'signed-out', ended }
  if (me.data) return { status: 'signed-in', who: me.data }
  if (me.isError && !refused(me.error)) {
    return { status: 'unreachable', retry: () => void me.refetch() }
  }
  return { status: 'checking' }
}

/** The manager this browser is signed in as, asked of the server when the back office opens. */
export function useManagerSession(): StaffSession<AdminMe> {
  const api = useApiClient()
  return useStaffSession('manager', (signal) => api.callEndpoint(getAdminMe, { signal }))
}

export function useKitchenSession(): StaffSession<KitchenStaff> {
  const api = useApiClient()
  return useStaffSession('kitchen', (signal) => api.callEndpoint(getKitchenMe, { signal }))
}

export interface StaffCredentials {
  restaurantId: string
  login: string
  secret: string
  totp?: string
}

/** Login and secret for a token, kept in the area's cookie. */
export function useStaffSignIn(role: StaffRole) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ restaurantId, login, secret, totp }: StaffCredentials) =>
      role === 'manager'
        ? api.callEndpoint(adminLogin, {
            body: { restaurantId, login, password: secret, ...(totp ? { totp } : {}) },
          })
        : api.callEndpoint(kitchenLogin, { body: { restaurantId, login, pin: secret } }),
    onSuccess: ({ token, expiresAt }) => {
      queryClient.removeQueries({ queryKey: [keyOf(role)] })
      saveStaffToken(role, token, expiresAt)
    },
  })
}

/** Signs this device out; the token is forgotten even when the server cannot be reached. */
export function useStaffSignOut(role: StaffRole) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.callEndpoint(role === 'manager' ? adminLogout : kitchenLogout),
    onSettled: () => {
      forgetStaffToken(role)
      queryClient.removeQueries({ queryKey: [keyOf(role)] })
    },
  })
}
