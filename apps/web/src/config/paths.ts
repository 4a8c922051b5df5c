/** Every screen's address (spec §2); links are built here so a route rename is one change. */
const rest = (restaurantId: string) => `/rest/${encodeURIComponent(restaurantId)}`
const order = (restaurantId: string, orderId: string) =>
  `${rest(restaurantId)}/order/${encodeURIComponent(orderId)}`
/** Search parameters a screen reads (`notice`, `method`, `payment`, `reason`); empty ones are left out. */
type Query = Readonly<Record<string, string | undefined>>
const withQuery = (path: string, query: Query = {}) => {
  const search = Object.entries(query)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')
  return search ? `${path}?${search}` : path
}

export const paths = {
  home: () => '/',
  /** `qrToken`: what the table's QR code carries (decision 0026). */
  init: (restaurantId: string, qrToken?: string) =>
    `${rest(restaurantId)}/init${qrToken ? `?table=${encodeURIComponent(qrToken)}` : ''}`,
  menu: (restaurantId: string) => `${rest(restaurantId)}/menu`,
  dish: (restaurantId: string, dishId: string) =>
    `${rest(restaurantId)}/dishes/${encodeURIComponent(dishId)}`,
  cart: (restaurantId: string) => `${rest(restaurantId)}/cart`,
  checkout: (restaurantId: string) => `${rest(restaurantId)}/order`,
  /** `notice`: why Pay sent the diner back, said on top of the order. */
  order: (restaurantId: string, orderId: string, query?: { notice?: string }) =>
    withQuery(order(restaurantId, orderId), query),
  /** `method` preselects a way to pay (the Fail screen's "another method"). */
  orderPay: (restaurantId: string, orderId: string, query?: { method?: string }) =>
    withQuery(`${order(restaurantId, orderId)}/pay`, query),
  /** Where the acquirer sends the diner back; `payment` names the payment to show. */
  orderSuccess: (restaurantId: string, orderId: string, query?: { payment?: string }) =>
    withQuery(`${order(restaurantId, orderId)}/success`, query),
  orderFail: (restaurantId: string, orderId: string, query?: { payment?: string }) =>
    withQuery(`${order(restaurantId, orderId)}/fail`, query),
  orders: (restaurantId: string) => `${rest(restaurantId)}/orders`,
  bill: (restaurantId: string) => `${rest(restaurantId)}/bill`,
  /** `reason` preselects why the waiter is called (`bill`: to pay). */
  call: (restaurantId: string, query?: { reason?: string }) =>
    withQuery(`${rest(restaurantId)}/call`, query),
  favorites: (restaurantId: string) => `${rest(restaurantId)}/favorites`,
  history: (restaurantId: string) => `${rest(restaurantId)}/history`,
  client: (restaurantId: string) => `${rest(restaurantId)}/client`,
  clientAuth: (restaurantId: string) => `${rest(restaurantId)}/client/auth`,
  /** The waiter area's home; its other screens' addresses load with it (`garcon-nav-paths.ts`). */
  garcon: (restaurantId: string) => `${rest(restaurantId)}/garcon`,
}

export const DEMO_RESTAURANT_ID = 'demo'
