'use client'

import { createContext, useContext, type ReactNode } from 'react'

/**
 * When the project was last changed, as this page loaded it. Every settings form sends it back, so
 * a save over someone else's newer change is refused instead of silently undoing it.
 */
const LoadedVersion = createContext<string | null>(null)

export function LoadedVersionProvider({ value, children }: { value: string; children: ReactNode }) {
  return <LoadedVersion.Provider value={value}>{children}</LoadedVersion.Provider>
}

export const useLoadedVersion = () => useContext(LoadedVersion)
