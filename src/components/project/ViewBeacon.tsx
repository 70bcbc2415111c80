'use client'

import { useEffect } from 'react'

export const VIEW_ENDPOINT = '/_internal/analytics/view'

/**
 * Counts a view of a project page once it is shown in a browser (not when it is prefetched or rendered
 * for a cache): a beacon, so leaving the page at once still sends it and nothing waits on it.
 */
export function ViewBeacon({ projectId }: { projectId: string }) {
  useEffect(() => {
    const body = JSON.stringify({ project_id: projectId })
    if (!navigator.sendBeacon?.(VIEW_ENDPOINT, new Blob([body], { type: 'application/json' }))) {
      void fetch(VIEW_ENDPOINT, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => undefined)
    }
  }, [projectId])
  return null
}
