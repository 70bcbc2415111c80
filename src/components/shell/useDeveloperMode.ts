'use client'

import { useSyncExternalStore } from 'react'

import { readDeveloperMode, subscribeDeveloperMode } from '@/lib/shell/developerMode'

/** Whether developer mode is on. Always false on the server and while hydrating, so markup matches. */
export const useDeveloperMode = (): boolean => useSyncExternalStore(subscribeDeveloperMode, readDeveloperMode, () => false)
