'use client'

import { useEffect } from 'react'

import { UhOh } from '@/components/site/errors/UhOh'

/** Every error below the root layout that is not a 404: the "Uh oh!" page (spec §8). */
export default function ErrorPage({ error, retry }: { error: unknown; reset: () => void; retry: () => void }) {
  useEffect(() => {
    console.error('An error occurred', error)
  }, [error])
  return <UhOh error={error} onRetry={retry} />
}
