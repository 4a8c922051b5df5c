// pusher-js clients for benches and stories, as the web app makes them: plain ws on 127.0.0.1,
// no stats; private and presence channels signed by the server's `/broadcasting/auth` with
// `headers` (a waiter's token, or nothing for a diner).
import PusherClient from 'pusher-js'

/**
 * @param {string} key the realtime app key
 * @param {number} port the node's (or the balancer's) port
 * @param {{ authUrl?: string, headers?: Record<string, string> }} [auth]
 */
export function pusherClient(key, port, { authUrl, headers = {} } = {}) {
  return new PusherClient(key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    wssPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    ...(authUrl
      ? {
          channelAuthorization: {
            transport: /** @type {const} */ ('ajax'),
            endpoint: authUrl,
            customHandler: (
              /** @type {{ socketId: string, channelName: string }} */ { socketId, channelName },
              /** @type {(error: Error | null, data: any) => void} */ callback,
            ) => {
              fetch(authUrl, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
                body: new URLSearchParams({
                  socket_id: socketId,
                  channel_name: channelName,
                }).toString(),
              })
                .then(async (response) => {
                  const body = await response.json()
                  if (response.ok) callback(null, body)
                  else
                    callback(
                      new Error(`${channelName}: ${response.status} ${JSON.stringify(body)}`),
                      null,
                    )
                })
                .catch((error) => callback(error, null))
            },
          },
        }
      : {}),
  })
}

/**
 * The demo manager signs in through the back office's API: the headers their requests carry.
 * @param {string} api the server's API base (`http://127.0.0.1:PORT/api/v1`)
 * @param {string} restaurantId
 */
export async function demoManagerHeaders(api, restaurantId) {
  const login = await fetch(`${api}/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ restaurantId, login: 'manager', password: 'tableside-demo' }),
  })
  if (!login.ok) throw new Error(`manager sign-in: ${login.status} ${await login.text()}`)
  const { token } = /** @type {{ token: string }} */ (await login.json())
  return { 'content-type': 'application/json', 'x-manager-token': token }
}
