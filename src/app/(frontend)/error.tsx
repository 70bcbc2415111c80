'use client'

import { useEffect } from 'react'

import { reloadGuarded } from '@/components/shell/reload'
import { UhOh } from '@/components/site/errors/UhOh'
import { isChunkLoadError } from '@/lib/shell/chunkError'

/** Every error below the root layout that is not a 404: the "Uh oh!" page (spec §8). */
export default function ErrorPage({ error, retry }: { error: unknown; reset: () => void; retry: () => void }) {
  useEffect(() => {
    // A chunk of an older build is gone after a deploy: load the page afresh (spec §8), once per path per 10 s.
    if (isChunkLoadError(error) && reloadGuarded()) return
    console.error('An error occurred', error)
  }, [error])
  return <UhOh error={error} onRetry={retry} />
}
