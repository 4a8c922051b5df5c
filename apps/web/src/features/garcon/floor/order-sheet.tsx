import { useQuery, useQueryClient } from '@tanstack/react-query'
import { menuUpdated, restaurantChannel } from '@tableside/contracts/realtime-events'
import { useId, useState, type ReactNode } from 'react'
import type { CartLine } from '@tableside/contracts/cart'
import type { FloorSession, FloorTable } from '@tableside/contracts/garcon-floor'
import { getMenu, type Dish } from '@tableside/contracts/menu'
import { buttonClass } from '../../../components/ui/button'
import { NumberStepper } from '../../../components/ui/number-stepper'
import { useApiClient } from '../../../lib/app-context'
import { localized } from '../../../lib/i18n/localized-text'
import { useLanguage } from '../../../lib/i18n/use-translation'
import {
  draftTotal,
  initialChoices,
  toCartLines,
  toggleChoice,
  unmetGroup,
  type DraftLine,
} from './floor-logic'
import { newIdempotencyKey } from './floor-api'
import type { FloorT } from './floor-messages'
import { GarconSheet } from '../components/garcon-sheet'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'

interface OrderSheetProps {
  table: FloorTable
  session: FloorSession
  restaurantId: string
  t: FloorT
  money: (minor: number) => string
  pending: boolean
  error: ReactNode
  onClose: () => void
  onPlace: (lines: CartLine[], comment: string, idempotencyKey: string) => void
}

/**
 * The waiter orders for guests without phones: the menu by category, a stepper per dish, the
 * required choices of each dish taken, then one order placed once (one Idempotency-Key per sheet).
 */
export function OrderSheet({
  table,
  restaurantId,
  t,
  money,
  pending,
  error,
  onClose,
  onPlace,
}: OrderSheetProps) {
  const api = useApiClient()
  const language = useLanguage()
  const commentId = useId()
  // The diners' menu query key: the same cache the menu screen fills.
  const menu = useQuery({
    queryKey: ['restaurants', restaurantId, 'menu'],
    queryFn: ({ signal }) => api.callEndpoint(getMenu, { params: { restaurantId }, signal }),
    staleTime: 60_000,
  })
  const queryClient = useQueryClient()
  const refreshMenu = () =>
    void queryClient.invalidateQueries({
      queryKey: ['restaurants', restaurantId, 'menu'],
      exact: true,
    })
  // The manager's stop-list and edits reach the waiter's sheet at once (issue 17)…
  useChannelEvent(restaurantChannel(restaurantId), menuUpdated, refreshMenu)
  // …and so do those made while the sheet was closed: the cached menu may be a minute old, and
  // nobody listened meanwhile. The browser asks with the menu's ETag: a 304 when nothing changed.
  useResubscribed(restaurantChannel(restaurantId), refreshMenu)
  const [lines, setLines] = useState<Readonly<Record<string, DraftLine>>>({})
  const [comment, setComment] = useState('')
  const [key] = useState(newIdempotencyKey)

  const setQuantity = (dish: Dish, quantity: number) =>
    setLines((current) => {
      const line = current[dish.id] ?? { dish, quantity: 0, choices: initialChoices(dish) }
      return { ...current, [dish.id]: { ...line, quantity } }
    })
  const choose = (dish: Dish, groupId: string, optionId: string) =>
    setLines((current) => {
      const line = current[dish.id]
      const group = dish.modifierGroups.find((candidate) => candidate.id === groupId)
      if (!line || !group) return current
      const chosen = toggleChoice(group, line.choices[groupId] ?? [], optionId)
      return { ...current, [dish.id]: { ...line, choices: { ...line.choices, [groupId]: chosen } } }
    })

  const chosen = Object.values(lines).filter((line) => line.quantity > 0)
  const total = draftTotal(chosen)
  const unmet = chosen
    .map((line) => ({ line, group: unmetGroup(line) }))
    .find((entry) => entry.group !== undefined)
  const dishes = new Map((menu.data?.dishes ?? []).map((dish) => [dish.id, dish]))

  return (
    <GarconSheet
      title={t('orderTitle', { label: table.label })}
      text={t('orderText')}
      onClose={onClose}
      tall
    >
      <div className="order-sheet__menu">
        {menu.isPending ? (
          <p className="floor__note">{t('menuLoading')}</p>
        ) : menu.isError ? (
          <p className="floor__error">{t('menuFailed')}</p>
        ) : (
          menu.data.menus.flatMap((each) =>
            each.categories
              .filter((category) => category.dishIds.length > 0)
              .map((category) => (
                <section key={`${each.id}-${category.id}`} className="order-sheet__category">
                  <h3 className="order-sheet__category-title">
                    {localized(category.name, language)}
                  </h3>
                  <ul>
                    {category.dishIds.flatMap((id) => {
                      const dish = dishes.get(id)
                      if (!dish) return []
                      const name = localized(dish.name, language)
                      const line = lines[dish.id]
                      const quantity = line?.quantity ?? 0
                      return [
                        <li
                          key={dish.id}
                          className="order-dish"
                          data-chosen={quantity > 0 || undefined}
                        >
                          <div className="order-dish__row">
                            <div className="order-dish__text">
                              <span className="order-dish__name">{name}</span>
                              <span className="order-dish__price">
                                {dish.available ? money(dish.price) : t('soldOut')}
                              </span>
                            </div>
                            {dish.available ? (
                              <NumberStepper
                                value={quantity}
                                min={0}
                                max={99}
                                decreaseLabel={t('removeDish', { name })}
                                increaseLabel={t('addDish', { name })}
                                valueLabel={t('quantity', { name, count: quantity })}
                                onChange={(value) => setQuantity(dish, value)}
                              />
                            ) : null}
                          </div>
                          {line && quantity > 0
                            ? dish.modifierGroups.map((group) => (
                                <fieldset key={group.id} className="order-dish__group">
                                  <legend>
                                    {localized(group.name, language)}
                                    {group.minChoices > 0 ? (
                                      <span className="order-dish__required">
                                        {' '}
                                        · {t('required')}
                                      </span>
                                    ) : null}
                                  </legend>
                                  <div className="order-dish__options">
                                    {group.options.map((option) => {
                                      const on =
                                        line.choices[group.id]?.includes(option.id) ?? false
                                      return (
                                        <button
                                          key={option.id}
                                          type="button"
                                          className="order-dish__option"
                                          aria-pressed={on}
                                          disabled={!option.available}
                                          onClick={() => choose(dish, group.id, option.id)}
                                        >
                                          {localized(option.name, language)}
                                          {option.priceDelta > 0
                                            ? ` +${money(option.priceDelta)}`
                                            : ''}
                                        </button>
                                      )
                                    })}
                                  </div>
                                </fieldset>
                              ))
                            : null}
                        </li>,
                      ]
                    })}
                  </ul>
                </section>
              )),
          )
        )}
      </div>
      <div className="order-sheet__foot">
        <label htmlFor={commentId} className="floor-sheet__label">
          {t('orderComment')}
        </label>
        <input
          id={commentId}
          className="floor-sheet__input"
          value={comment}
          maxLength={500}
          onChange={(event) => setComment(event.target.value)}
        />
        {unmet?.group ? (
          <p className="floor__hint">
            {t('orderNeeds', {
              group: localized(unmet.group.name, language),
              dish: localized(unmet.line.dish.name, language),
            })}
          </p>
        ) : chosen.length === 0 ? (
          <p className="floor__hint">{t('orderEmpty')}</p>
        ) : null}
        {error}
        <div className="take-over-sheet__actions">
          <button
            type="button"
            className={buttonClass('primary', { block: true })}
            disabled={pending || chosen.length === 0 || unmet !== undefined}
            aria-busy={pending || undefined}
            onClick={() => onPlace(toCartLines(chosen), comment.trim(), key)}
          >
            {pending ? t('working') : t('orderSend', { amount: money(total) })}
          </button>
          <button
            type="button"
            className={buttonClass('secondary', { block: true })}
            onClick={onClose}
            disabled={pending}
          >
            {t('sheetClose')}
          </button>
        </div>
      </div>
    </GarconSheet>
  )
}
