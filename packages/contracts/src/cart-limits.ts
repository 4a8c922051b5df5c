// A cart line's limits without the schemas (decision 0124): the web app's first load reads the
// diner's stored cart against them with no zod; `cart.ts` builds its schemas from them.

export const MAX_CART_LINES = 100
export const MAX_LINE_QUANTITY = 99
export const MAX_LINE_COMMENT = 200
export const MAX_LINE_OPTIONS = 60
/** A dish's or an option's id (`slugId` in `text.ts`). */
export const SLUG_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/
