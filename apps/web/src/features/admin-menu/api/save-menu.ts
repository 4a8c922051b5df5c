import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdminMenu } from '@tableside/contracts/menu-admin'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'
import { isOlderMenu } from '../menu-version'
import { adminMenuQueryKey } from './get-admin-menu'

/**
 * One change of the menu: a call whose answer is the whole menu as stored after it (the calls
 * are in dish-changes.ts, category-changes.ts and menu-changes.ts).
 */
export type MenuChange = (api: ApiClient) => Promise<AdminMenu>

/**
 * Every save of the menu screen. One at a time: a second waits in the mutation scope until the
 * first has answered. Keyed under 'admin', so a 401 ends the back office's session
 * (features/staff/api/staff-session.ts). The answer is shown unless a newer menu already is.
 */
export function useMenuSave() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'menu-save'],
    scope: { id: 'admin-menu-save' },
    mutationFn: async (change: MenuChange) => {
      // A fetch under way would answer with the menu before this change.
      await queryClient.cancelQueries({ queryKey: adminMenuQueryKey })
      return change(api)
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<AdminMenu>(adminMenuQueryKey, (shown) =>
        isOlderMenu(saved, shown) ? shown : saved,
      )
    },
  })
}
