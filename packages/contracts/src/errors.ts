import * as z from 'zod/mini'

/**
 * Stable machine-readable failure codes; the message is for people, the code for programs. A
 * plain list, not a zod enum: nothing parses codes (the web reads any string), and an enum's
 * construction would stay in the first load however little of it the web uses.
 */
export const ERROR_CODES = [
  'validation_failed',
  'not_found',
  'bad_request',
  'unauthorized',
  'forbidden',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  // The node's database does not answer (issue 26): try again after Retry-After.
  'database_unavailable',
  'internal_error',
  // Ordering and table service (issue 5).
  'idempotency_conflict',
  'dish_unavailable',
  'slot_unavailable',
  'total_changed',
  'below_minimum_order',
  'order_type_unavailable',
  'payment_method_unavailable',
  'payment_provider_unavailable',
  'order_not_cancellable',
  'illegal_status_change',
  // The kitchen display (issue 17, decision 0071): an order that left the kitchen, an undo too
  // late, a station's name used twice.
  'order_not_in_kitchen',
  'undo_expired',
  'station_name_taken',
  'table_disabled',
  // The QR code is the key to the table (issue 13, decision 0026).
  'table_link_outdated',
  'table_qr_replaced',
  'session_expired',
  'order_too_large',
  // Payments (issue 6).
  'online_payment_off',
  'payment_not_online',
  'order_cancelled',
  'already_paid',
  'nothing_due',
  'session_closed',
  'split_closed',
  'items_unavailable',
  'amount_changed',
  'payment_over',
  'wrong_method',
  // Money follows the order (issue 13, decision 0028).
  'payment_in_progress',
  // An order paid online whose money has not arrived may not go to the kitchen (issue 28).
  'payment_required',
  'webhook_rejected',
  'webhook_mismatch',
  // Hostile input (issue 13): what the HTTP layer refuses before a route runs.
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  // The waiter's tables (decision 0042): another waiter serves one of them.
  'table_taken',
  // Running the table (issue 15, decision 0044): a table is closed only once it is settled,
  // and guests move only to a free table.
  'bill_not_settled',
  'orders_in_progress',
  'table_occupied',
  // The waiter's profile: the current PIN given to change it is not theirs.
  'pin_wrong',
  // A diner's word on the service, on the tip of a payment that went through (decision 0048).
  'payment_not_succeeded',
  'no_tip',
  'feedback_already_left',
  // The bonus card (issue 16, decision 0055): points spent beyond the balance or the programme's
  // share of an order, or a restaurant without a programme.
  'bonus_insufficient',
  'bonus_over_cap',
  'bonus_program_off',
  'bonus_no_card',
  // The diner's sign-in by SMS code (issue 16, decision 0051).
  'otp_invalid',
  'otp_expired',
  'otp_exhausted',
  'sms_unavailable',
  // The day's budget of codes by SMS, the restaurant's or the whole server's, is spent (issue 27,
  // decision 0109): 429 with Retry-After until the day ends.
  'sms_budget_spent',
  'too_many_addresses',
  // The back office's menu (issue 17, decision 0064): only an empty category is deleted, and a
  // restaurant keeps at least one menu.
  'category_not_empty',
  'last_menu',
  // The back office (issue 17, decision 0062): a manager with TOTP on signs in with a code too.
  'totp_required',
  'totp_invalid',
  'totp_already_on',
  // The back office's tables (issue 17, decision 0066): codes and zone names are unique in a
  // restaurant, and a zone with tables in it stays.
  'table_code_taken',
  'zone_name_taken',
  'zone_not_empty',
  // Refunds and corrections (issue 28, decision 0119): never more than was paid for what is
  // refunded; a waiter refunds only where the restaurant allows it and only at their tables; an
  // order that changed between reading and refunding is read again.
  'refund_exceeds_paid',
  'refunds_not_allowed',
  'not_your_table',
  'order_changed',
  // Only an online refund the acquirer refused is asked for again (decision 0130).
  'refund_not_failed',
  // The back office's staff (issue 17, decision 0068): a login another account of the role has,
  // and a manager deactivating themself.
  'login_taken',
  'cannot_deactivate_self',
  // Tables given to a deactivated waiter (issue 30).
  'waiter_inactive',
  // Saved at once by two managers (decisions 0074, 0075): settings changed since they were read,
  // and a change that would leave the restaurant without an active manager.
  'settings_changed',
  'last_active_manager',
  // Staff accounts an attacker cannot take over (issue 27, decision 0107): the password asked
  // again is not theirs, a new one too weak or unchanged, a TOTP setup that expired, and a
  // manager resetting their own account (their own is changed with the current password).
  'password_wrong',
  'weak_password',
  'password_unchanged',
  'totp_not_started',
  'cannot_reset_self',
  // A restaurant from nothing (issue 29, decision 0115): the first-run setup needs the token the
  // server printed, and is open only while there is no restaurant. The restaurant's profile
  // refuses an INN whose check digits are wrong and a phone number that is none.
  'setup_token_invalid',
  'already_set_up',
  'inn_invalid',
  'phone_invalid',
  // Each restaurant's acquirer (decision 0121): a secret is never stored without SECRETS_KEY.
  'secrets_key_missing',
  // Fiscal receipts (decisions 0133, 0134): receipts on need the profile's INN and tax system; a
  // receipt is retried only once it failed; receipts "with the acquirer" need an acquirer whose
  // receipt service sends them (not the sandbox).
  'receipts_profile_incomplete',
  'receipt_not_failed',
  'receipts_acquirer_unsupported',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const fieldError = z.object({
  /** Where the bad value is: `body.phone`, `query.page`, `params.restaurantId`. */
  path: z.string(),
  message: z.string(),
})
export type FieldError = z.infer<typeof fieldError>

/** The one error shape every API failure answers with. */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.array(fieldError)),
  }),
})
export type ErrorBody = z.infer<typeof errorBody>
