import { cookies } from 'next/headers'
import { cache } from 'react'

import { currentViewer } from '@/lib/data/currentViewer'
import { getCollectionPage, getOrganizationProfile, getUserProfile } from '@/lib/data/profile-pages'
import { displayModeOf, parseDisplayModes, SEARCH_DISPLAY_MODE_COOKIE, type DisplayMode } from '@/lib/search/displayMode'

/**
 * Per-request loaders: generateMetadata and the page share one read (React `cache` lasts for one
 * server request).
 */
const viewer = cache(currentViewer)
/** The visitor of this request (one auth per request, shared with the loaders below). */
export const loadViewer = viewer

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

export const loadUserProfile = cache(async (key: string) => getUserProfile(await viewer(), safeDecode(key)))
export const loadOrganizationProfile = cache(async (key: string) => getOrganizationProfile(await viewer(), safeDecode(key)))
export const loadCollectionPage = cache(async (key: string) => getCollectionPage(await viewer(), safeDecode(key)))

/** The listing mode of the `searchDisplayMode` cookie for `user` or `collection` pages (default list). */
export async function listingMode(kind: 'user' | 'collection'): Promise<DisplayMode> {
  const raw = (await cookies()).get(SEARCH_DISPLAY_MODE_COOKIE)?.value
  return displayModeOf(parseDisplayModes(raw), kind)
}
