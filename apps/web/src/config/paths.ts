/** Every screen's address (spec §2); links are built here so a route rename is one change. */
const rest = (restaurantId: string) => `/rest/${encodeURIComponent(restaurantId)}`
const order = (restaurantId: string, orderId: string) =>
  `${rest(restaurantId)}/order/${encodeURIComponent(orderId)}`
const paymentQuery = (paymentId?: string) =>
  paymentId ? `?payment=${encodeURIComponent(paymentId)}` : ''

export const paths = {
  home: () => '/',
  init: (restaurantId: string, table?: string) =>
    `${rest(restaurantId)}/init${table ? `?table=${encodeURIComponent(table)}` : ''}`,
  menu: (restaurantId: string) => `${rest(restaurantId)}/menu`,
  dish: (restaurantId: string, dishId: string) =>
    `${rest(restaurantId)}/dishes/${encodeURIComponent(dishId)}`,
  cart: (restaurantId: string) => `${rest(restaurantId)}/cart`,
  checkout: (restaurantId: string) => `${rest(restaurantId)}/order`,
  /** `notice` names a message the order screen shows on top (why Pay sent the diner back). */
  order: (restaurantId: string, orderId: string, { notice }: { notice?: string } = {}) =>
    `${order(restaurantId, orderId)}${notice ? `?notice=${encodeURIComponent(notice)}` : ''}`,
  /** `method` preselects a way to pay (the Fail screen's "another method"). */
  orderPay: (restaurantId: string, orderId: string, { method }: { method?: string } = {}) =>
    `${order(restaurantId, orderId)}/pay${method ? `?method=${encodeURIComponent(method)}` : ''}`,
  /** Where the acquirer sends the diner back; `paymentId` names the payment to show. */
  orderSuccess: (restaurantId: string, orderId: string, paymentId?: string) =>
    `${order(restaurantId, orderId)}/success${paymentQuery(paymentId)}`,
  orderFail: (restaurantId: string, orderId: string, paymentId?: string) =>
    `${order(restaurantId, orderId)}/fail${paymentQuery(paymentId)}`,
  orders: (restaurantId: string) => `${rest(restaurantId)}/orders`,
  bill: (restaurantId: string) => `${rest(restaurantId)}/bill`,
  /** `reason` preselects why the waiter is called (`bill`: to pay). */
  call: (restaurantId: string, { reason }: { reason?: string } = {}) =>
    `${rest(restaurantId)}/call${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`,
  favorites: (restaurantId: string) => `${rest(restaurantId)}/favorites`,
  history: (restaurantId: string) => `${rest(restaurantId)}/history`,
  client: (restaurantId: string) => `${rest(restaurantId)}/client`,
  clientAuth: (restaurantId: string) => `${rest(restaurantId)}/client/auth`,
  garcon: (restaurantId: string) => `${rest(restaurantId)}/garcon`,
  garconProfile: (restaurantId: string) => `${rest(restaurantId)}/garcon/profile`,
  garconSelectTables: (restaurantId: string) => `${rest(restaurantId)}/garcon/select-tables`,
  garconTips: (restaurantId: string) => `${rest(restaurantId)}/garcon/tips`,
}

export const DEMO_RESTAURANT_ID = 'demo'
export const DEMO_TABLE = 'T1'
