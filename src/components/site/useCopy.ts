'use client'

import { useEffect, useState } from 'react'

import { COPY_CHECK_MS } from '@/lib/ui-timings'

export type CopyStatus = 'idle' | 'copied' | 'failed'

type Options = {
  /** How long "copied" (or "failed") shows before the control is back to idle; null keeps it (spec §9: 2 s). */
  resetMs?: number | null
  /** Called when the clipboard refuses (an error toast, say). */
  onFailure?: () => void
}

/**
 * Copying text to the clipboard, the site's one way: `copy(text, what?)` writes it and reports
 * `copied` (for `what`, when one control copies several things), or `failed` when the browser
 * refuses; either goes back to idle after `resetMs`.
 */
export function useCopy({ resetMs = COPY_CHECK_MS, onFailure }: Options = {}) {
  const [state, setState] = useState<{ status: CopyStatus; what: string | null }>({ status: 'idle', what: null })

  useEffect(() => {
    if (state.status === 'idle' || resetMs === null) return
    const timer = setTimeout(() => setState({ status: 'idle', what: null }), resetMs)
    return () => clearTimeout(timer)
  }, [state, resetMs])

  async function copy(text: string, what: string | null = null): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text)
      setState({ status: 'copied', what })
      return true
    } catch {
      setState({ status: 'failed', what })
      onFailure?.()
      return false
    }
  }

  return { status: state.status, copied: state.status === 'copied', copiedWhat: state.status === 'copied' ? state.what : null, copy }
}
