'use client'

import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False while rendering on the server and hydrating, true once JavaScript runs: for no-JS fallbacks. */
export const useEnhanced = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
