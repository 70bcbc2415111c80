'use client'

import { RefreshRouteOnSave } from '@payloadcms/live-preview-react'
import { useRouter } from 'next/navigation'

/**
 * In the admin panel's live preview: reloads the server-rendered article whenever the editor saves
 * (a draft or a publication), so the preview shows what was just written. `serverURL` is the origin
 * of the admin panel, whose messages alone are listened to.
 */
export function LivePreviewRefresh({ serverURL }: { serverURL: string }) {
  const router = useRouter()
  return <RefreshRouteOnSave refresh={() => router.refresh()} serverURL={serverURL} />
}
