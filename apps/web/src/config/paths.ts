/** Every screen's address (spec §2); links are built here so a route rename is one change. */
const rest = (restaurantId: string) => `/rest/${encodeURIComponent(restaurantId)}`
const order = (restaurantId: string, orderId: string) =>
  `${rest(restaurantId)}/order/${encodeURIComponent(orderId)}`

export const paths = {
  home: () => '/',
  init: (restaurantId: string, table?: string) =>
    `${rest(restaurantId)}/init${table ? `?table=${encodeURIComponent(table)}` : ''}`,
  menu: (restaurantId: string) => `${rest(restaurantId)}/menu`,
  dish: (restaurantId: string, dishId: string) =>
    `${rest(restaurantId)}/dishes/${encodeURIComponent(dishId)}`,
  cart: (restaurantId: string) => `${rest(restaurantId)}/cart`,
  checkout: (restaurantId: string) => `${rest(restaurantId)}/order`,
  order,
  orderPay: (restaurantId: string, orderId: string) => `${order(restaurantId, orderId)}/pay`,
  orderSuccess: (restaurantId: string, orderId: string) =>
    `${order(restaurantId, orderId)}/success`,
  orderFail: (restaurantId: string, orderId: string) => `${order(restaurantId, orderId)}/fail`,
  orders: (restaurantId: string) => `${rest(restaurantId)}/orders`,
  bill: (restaurantId: string) => `${rest(restaurantId)}/bill`,
  call: (restaurantId: string) => `${rest(restaurantId)}/call`,
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
