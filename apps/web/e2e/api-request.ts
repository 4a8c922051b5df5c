import { baseUrl } from './fixtures'

/** What the server answered: the status and the JSON body (null when it sent none). */
export interface ApiAnswer {
  status: number
  data: unknown
}

interface RequestOptions {
  body?: unknown
  headers?: Record<string, string>
  /** The server's origin; the shared server's unless the story started its own. */
  server?: string
}

/**
 * A request to the API (`/api/v1{path}`) as a diner's phone, a waiter's tablet or the
 * manager's screen sends it, for what a story does behind the screen it watches.
 */
export async function apiRequest(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  { body, headers = {}, server = baseUrl() }: RequestOptions = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${server}/api/v1${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, data: text === '' ? null : (JSON.parse(text) as unknown) }
}

/** A POST that must succeed: its JSON answer, or an error with the path, status and answer. */
export async function apiPost(
  path: string,
  body: unknown = {},
  options: Omit<RequestOptions, 'body'> = {},
): Promise<unknown> {
  const { status, data } = await apiRequest('POST', path, { ...options, body })
  if (status < 200 || status > 299)
    throw new Error(`POST ${path} → ${String(status)} ${JSON.stringify(data)}`)
  return data
}
