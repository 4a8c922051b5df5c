import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  assignAdminWaiterTables,
  createAdminStaff,
  createAdminWaiter,
  listAdminStaff,
  listAdminWaiters,
  resetAdminStaffPassword,
  resetAdminStaffPin,
  resetAdminStaffTotp,
  resetAdminWaiterPin,
  updateAdminStaff,
  updateAdminWaiter,
} from '@tableside/contracts/admin-staff'
import { getAdminFloor } from '@tableside/contracts/admin-tables'
import type { EndpointBody } from '@tableside/contracts/endpoint'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

const waitersKey = ['admin', 'waiters'] as const
const staffKey = ['admin', 'staff'] as const

/** The restaurant's waiters with their tables and shift: asked again on each visit. */
export function waitersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: waitersKey,
    queryFn: ({ signal }) => api.callEndpoint(listAdminWaiters, { signal }),
    staleTime: 10_000,
  })
}

/** The restaurant's managers and kitchen logins. */
export function staffQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: staffKey,
    queryFn: ({ signal }) => api.callEndpoint(listAdminStaff, { signal }),
    staleTime: 10_000,
  })
}

export function useAddWaiter() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'add-waiter'],
    mutationFn: (body: EndpointBody<typeof createAdminWaiter>) =>
      api.callEndpoint(createAdminWaiter, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitersKey }),
  })
}

export function useUpdateWaiter() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'update-waiter'],
    mutationFn: ({ waiterId, ...body }: { waiterId: string; active?: boolean; name?: string }) =>
      api.callEndpoint(updateAdminWaiter, { params: { waiterId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitersKey }),
  })
}

export function useResetWaiterPin() {
  const api = useApiClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'reset-waiter-pin'],
    mutationFn: ({ waiterId, pin }: { waiterId: string; pin: string }) =>
      api.callEndpoint(resetAdminWaiterPin, { params: { waiterId }, body: { pin } }),
  })
}

export function useAddStaff() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'add-staff'],
    mutationFn: (body: EndpointBody<typeof createAdminStaff>) =>
      api.callEndpoint(createAdminStaff, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  })
}

export function useUpdateStaff() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'update-staff'],
    mutationFn: ({ staffId, ...body }: { staffId: string; active?: boolean; name?: string }) =>
      api.callEndpoint(updateAdminStaff, { params: { staffId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  })
}

export function useResetStaffPin() {
  const api = useApiClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'reset-staff-pin'],
    mutationFn: ({ staffId, pin }: { staffId: string; pin: string }) =>
      api.callEndpoint(resetAdminStaffPin, { params: { staffId }, body: { pin } }),
  })
}

/** Another manager's new password, for the acting manager's own (issue 27). */
export function useResetManagerPassword() {
  const api = useApiClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'reset-manager-password'],
    mutationFn: ({
      staffId,
      ...body
    }: {
      staffId: string
      password: string
      yourPassword: string
    }) => api.callEndpoint(resetAdminStaffPassword, { params: { staffId }, body }),
  })
}

/** Another manager's code at sign-in turned off, for a lost phone (issue 27). */
export function useResetManagerTotp() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'reset-manager-totp'],
    mutationFn: ({ staffId, yourPassword }: { staffId: string; yourPassword: string }) =>
      api.callEndpoint(resetAdminStaffTotp, { params: { staffId }, body: { yourPassword } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  })
}

/** The restaurant's zones and tables, to give a waiter some of them. */
export function floorQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['admin', 'tables'] as const,
    queryFn: ({ signal }) => api.callEndpoint(getAdminFloor, { signal }),
    staleTime: 10_000,
  })
}

/** A waiter given exactly these tables (issue 30); the other waiters' lists change too. */
export function useAssignTables() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    // 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts).
    mutationKey: ['admin', 'assign-tables'],
    mutationFn: ({ waiterId, tableCodes }: { waiterId: string; tableCodes: string[] }) =>
      api.callEndpoint(assignAdminWaiterTables, { params: { waiterId }, body: { tableCodes } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitersKey }),
  })
}
