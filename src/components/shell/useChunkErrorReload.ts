'use client'

import { useEffect } from 'react'

import { isChunkLoadError } from '@/lib/shell/chunkError'

import { reloadGuarded } from './reload'

/** A code chunk that failed to load (spec §8) reloads the page, at most once per path every 10 s. */
export function useChunkErrorReload() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      if (isChunkLoadError(event.error ?? event.message)) reloadGuarded()
    }
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadGuarded()
    }
    window.addEventListener('error', onError)
    window.addEventListener('unhandledrejection', onRejection)
    return () => {
      window.removeEventListener('error', onError)
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [])
}
