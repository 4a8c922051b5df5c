import { useEffect, useRef, useState } from 'react'

/**
 * While the browser leaves for the acquirer's page the button stays busy. The back button may
 * restore this very page from the back-forward cache, still busy: then the attempt is shown
 * as the payment it started, waiting.
 */
export function useHandingOver() {
  const [active, setActive] = useState(false)
  const restored = useRef<(() => void) | undefined>(undefined)
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted || !restored.current) return
      setActive(false)
      restored.current()
      restored.current = undefined
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])
  return {
    active,
    begin: (onRestored: () => void) => {
      restored.current = onRestored
      setActive(true)
    },
  }
}
