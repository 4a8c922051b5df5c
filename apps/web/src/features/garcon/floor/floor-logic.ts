import type {
  FloorOrder,
  FloorSession,
  FloorTable,
  GarconFloor,
} from '@tableside/contracts/garcon-floor'
import type { Dish, ModifierGroup } from '@tableside/contracts/menu'
import { nextStatuses, type OrderStatus } from '@tableside/contracts/order-status'
import type { WaiterTable } from '@tableside/contracts/garcon'
import type { OrderType } from '@tableside/contracts/restaurants'

/** The steps forward a waiter can take with an order of this type, as buttons; cancelling is its own. */
export function stepButtons(type: OrderType, status: OrderStatus): StepStatus[] {
  return nextStatuses(type, status).filter(isStep)
}

/** A status an order moves forward to: never back to placed; cancelling is its own. */
export type StepStatus = Exclude<OrderStatus, 'placed' | 'cancelled'>

const isStep = (status: OrderStatus): status is StepStatus =>
  status !== 'placed' && status !== 'cancelled'

/** The button's words: a pickup is completed by handing it over at the counter. */
export function stepLabel(type: OrderType, status: StepStatus) {
  return type === 'pickup' && status === 'completed'
    ? 'step_handed_over'
    : (`step_${status}` as const)
}

export function canCancel(type: OrderType, status: OrderStatus): boolean {
  return nextStatuses(type, status).includes('cancelled')
}

/** What is still to be paid for one order: nothing for a cancelled, paid or paying one. */
export function orderDue(order: FloorOrder): number {
  if (order.status === 'cancelled') return 0
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'pending') return 0
  return Math.max(0, order.total - order.paidAmount)
}

/**
 * The floor without the session of table `tableCode` that had begun by `endedAt`, when an alert
 * says its visit ended (closed by a waiter, settled, run out): the table shows free at once, before
 * the refetch confirms it. Guests who sat down after that keep their new session.
 */
export function withoutSession(
  floor: GarconFloor,
  tableCode: string,
  endedAt: string,
): GarconFloor {
  const ended = Date.parse(endedAt)
  const gone = (table: FloorTable) =>
    table.code === tableCode &&
    table.session !== null &&
    Date.parse(table.session.openedAt) <= ended
  if (!floor.tables.some(gone)) return floor
  return {
    ...floor,
    tables: floor.tables.map((table) => (gone(table) ? { ...table, session: null } : table)),
  }
}

/** Cash for the whole table is offered while something is due and no online payment holds it. */
export function canTakeTableCash(session: FloorSession): boolean {
  return session.totals.due > 0 && session.totals.pending === 0
}

/** The session may be closed by hand once nothing is due or held by a payment in progress. */
export function isSettled(session: FloorSession): boolean {
  return session.totals.due === 0 && session.totals.pending === 0
}

/** Tables of the restaurant a session can move to: free (no open session), not the one it is at. */
export function freeTables(
  all: readonly WaiterTable[],
  floor: readonly FloorTable[],
  from: string,
): WaiterTable[] {
  const occupied = new Set(
    floor.filter((table) => table.session !== null).map((table) => table.code.toLowerCase()),
  )
  return all.filter(
    (table) =>
      table.code.toLowerCase() !== from.toLowerCase() && !occupied.has(table.code.toLowerCase()),
  )
}

/** Chosen option ids per modifier group id. */
export type Choices = Readonly<Record<string, readonly string[]>>

/** A line the waiter builds in the order sheet. */
export interface DraftLine {
  dish: Dish
  quantity: number
  choices: Choices
}

/** The choices a dish starts with: its preselected, available options. */
export function initialChoices(dish: Dish): Choices {
  const choices: Record<string, string[]> = {}
  for (const group of dish.modifierGroups) {
    choices[group.id] = group.options
      .filter((option) => option.preselected && option.available)
      .map((option) => option.id)
      .slice(0, group.maxChoices)
  }
  return choices
}

/** Tapping an option: one replaces the other where only one is allowed; none past the maximum. */
export function toggleChoice(group: ModifierGroup, chosen: readonly string[], optionId: string) {
  const option = group.options.find((candidate) => candidate.id === optionId)
  if (!option?.available) return chosen
  if (chosen.includes(optionId)) {
    return group.maxChoices === 1 && group.minChoices >= 1
      ? chosen
      : chosen.filter((id) => id !== optionId)
  }
  if (group.maxChoices === 1) return [optionId]
  return chosen.length < group.maxChoices ? [...chosen, optionId] : chosen
}

export function unmetGroup(line: DraftLine): ModifierGroup | undefined {
  return line.dish.modifierGroups.find(
    (group) => (line.choices[group.id]?.length ?? 0) < group.minChoices,
  )
}

export function lineTotal(line: DraftLine): number {
  const unit = line.dish.modifierGroups.reduce(
    (sum, group) =>
      group.options.reduce(
        (groupSum, option) =>
          line.choices[group.id]?.includes(option.id) ? groupSum + option.priceDelta : groupSum,
        sum,
      ),
    line.dish.price,
  )
  return unit * line.quantity
}

export function draftTotal(lines: readonly DraftLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotal(line), 0)
}

/** The cart lines the server takes: options in menu order. */
export function toCartLines(lines: readonly DraftLine[]) {
  return lines
    .filter((line) => line.quantity > 0)
    .map((line) => ({
      dishId: line.dish.id,
      quantity: line.quantity,
      optionIds: line.dish.modifierGroups.flatMap((group) =>
        group.options
          .filter((option) => line.choices[group.id]?.includes(option.id))
          .map((option) => option.id),
      ),
    }))
}
