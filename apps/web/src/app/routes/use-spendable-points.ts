import { useQueryClient } from '@tanstack/react-query'
import { bonusCardKey, useBonusCard, useBonusProgram } from '../../features/client/api/bonus-card'
import { useProfileToken } from '../../features/client/profile-session-store'
import type { SpendablePoints } from '../../lib/bonus-points'

/**
 * The points a signed-in diner may spend here (decision 0060), for checkout and the bill: null
 * when signed out, without a card or a programme, or with nothing on the card. `readAgain`
 * fetches the card anew, after points were spent or refused.
 */
export function useSpendablePoints(restaurantId: string): {
  points: SpendablePoints | null
  readAgain: () => void
} {
  const queryClient = useQueryClient()
  const signedIn = useProfileToken() !== undefined
  const program = useBonusProgram(restaurantId, { enabled: signedIn })
  const card = useBonusCard(restaurantId, { enabled: signedIn })
  const points =
    signedIn && program.data && card.data && card.data.balance > 0
      ? { balance: card.data.balance, shareBasisPoints: program.data.maxShareBasisPoints }
      : null
  return {
    points,
    readAgain: () => void queryClient.invalidateQueries({ queryKey: bonusCardKey(restaurantId) }),
  }
}
