import { safeParse } from 'zod/mini'
import {
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PATH,
  runtimeConfig,
  type RuntimeConfig,
} from '@tableside/contracts/runtime-config'

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError'
}

export function embeddedConfigText(): string | undefined {
  return document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? undefined
}

/** The server fills the element with JSON; untouched, it still holds its placeholder comment. */
function embeddedJson(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? ''
  return trimmed === '' || trimmed.startsWith('<!--') ? undefined : trimmed
}

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = safeParse(runtimeConfig, value)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map(
    (issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`,
  )
  throw new RuntimeConfigError(`Invalid runtime configuration: ${issues.join('; ')}`)
}

/**
 * Reads the runtime configuration (spec §7) from the document; when it was served without
 * one (the Vite dev server), from RUNTIME_CONFIG_PATH.
 */
export async function loadRuntimeConfig({
  embeddedText = embeddedConfigText(),
  fetch: fetchFn = globalThis.fetch,
}: { embeddedText?: string; fetch?: typeof globalThis.fetch } = {}): Promise<RuntimeConfig> {
  const embedded = embeddedJson(embeddedText)
  if (embedded !== undefined) {
    let value: unknown
    try {
      value = JSON.parse(embedded)
    } catch {
      throw new RuntimeConfigError(
        'Invalid runtime configuration: the embedded JSON does not parse',
      )
    }
    return parseRuntimeConfig(value)
  }
  const response = await fetchFn(RUNTIME_CONFIG_PATH, { cache: 'no-store' })
  if (!response.ok) {
    throw new RuntimeConfigError(`Runtime configuration unavailable (HTTP ${response.status})`)
  }
  return parseRuntimeConfig(await response.json())
}
