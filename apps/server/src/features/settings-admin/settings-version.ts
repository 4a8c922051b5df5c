import { createHash } from 'node:crypto'
import type { StoredSettings } from './settings-admin-repository'

/**
 * The settings' version (decision 0074): a digest of everything the form edits, as stored. Any
 * change, by this form or any other writer, gives a new one; equal settings give the same one,
 * so a save made from them loses nothing.
 */
export function settingsVersion(stored: StoredSettings): string {
  const { timezone, openingHours, settings, callEscalationSeconds, bonusProgram, smsDailyBudget } =
    stored
  return createHash('sha256')
    .update(
      JSON.stringify([
        timezone,
        openingHours,
        settings,
        callEscalationSeconds,
        bonusProgram,
        smsDailyBudget,
      ]),
    )
    .digest('base64url')
    .slice(0, 22)
}
