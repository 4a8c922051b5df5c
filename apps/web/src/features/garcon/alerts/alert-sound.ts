/**
 * A chime drawn by Web Audio (no file to download) and a buzz where the phone can. Browsers
 * start audio only after the person has touched the page, so the context is made on the
 * waiter's first tap and kept for the whole shift.
 */
let context: AudioContext | undefined

type AudioContextClass = typeof AudioContext

function audioContextClass(): AudioContextClass | undefined {
  if (typeof window === 'undefined') return undefined
  const legacy = (window as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  return 'AudioContext' in window ? window.AudioContext : legacy
}

/**
 * Makes or wakes the audio context: from a tap, or at once when the page was touched already
 * (signing in on it). Resolves to whether it runs.
 */
export async function unlockSound(): Promise<boolean> {
  const Context = audioContextClass()
  if (!Context) return false
  try {
    context ??= new Context()
    // Without a tap behind it, resume() may wait forever: do not hold the caller.
    if (context.state === 'suspended') {
      await Promise.race([context.resume(), new Promise((resolve) => setTimeout(resolve, 300))])
    }
  } catch {
    return false
  }
  return soundReady()
}

/** Whether a chime would be heard now: the context exists and runs. */
export function soundReady(): boolean {
  return context?.state === 'running'
}

/** Two rising notes; three for a call, which a guest is waiting on. */
export function playChime(urgent: boolean): void {
  if (!context || context.state !== 'running') return
  const notes = urgent ? [880, 1175, 1568] : [880, 1320]
  const start = context.currentTime + 0.02
  notes.forEach((frequency, index) => {
    if (!context) return
    const at = start + index * 0.16
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.setValueAtTime(frequency, at)
    gain.gain.setValueAtTime(0.0001, at)
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15)
    oscillator.connect(gain).connect(context.destination)
    oscillator.start(at)
    oscillator.stop(at + 0.16)
  })
}

/** A short buzz (Android; iOS has no vibration API, and it needs a tap on the page first). */
export function buzz(urgent: boolean): void {
  if (typeof navigator === 'undefined' || !('vibrate' in navigator)) return
  try {
    navigator.vibrate(urgent ? [200, 100, 200, 100, 200] : [200, 100, 200])
  } catch {
    // Refused before the first tap: nothing to do, the chime and the screen still tell.
  }
}
