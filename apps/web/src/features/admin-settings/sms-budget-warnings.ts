import {
  SMS_BUDGET_WARN_PERCENT,
  type AdminSmsBudget,
  type SmsBudgetDay,
} from '@tableside/contracts/admin-settings'

/** A day's budget of sign-in codes the managers should hear about. */
export interface SmsBudgetWarning {
  /** `restaurant`: the restaurant's own budget, which they set; `server`: every restaurant's together. */
  scope: 'restaurant' | 'server'
  spent: boolean
  sent: number
  budget: number
}

const warning = (scope: SmsBudgetWarning['scope'], day: SmsBudgetDay): SmsBudgetWarning[] =>
  day.sent * 100 >= day.budget * SMS_BUDGET_WARN_PERCENT
    ? [{ scope, spent: day.sent >= day.budget, sent: day.sent, budget: day.budget }]
    : []

/** The budgets of today that are 80 % used or more: the restaurant's first. */
export function smsBudgetWarnings(usage: AdminSmsBudget): SmsBudgetWarning[] {
  return [...warning('restaurant', usage.restaurant), ...warning('server', usage.server)]
}
