/**
 * One task's pause: a tap or a key that came meanwhile is handled before what follows (decision
 * 0144). A message rather than a timer: a timer is clamped, throttled to a second in a tab
 * opened in the background, and stopped by a test's fake clock, which would hold the app's start.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
