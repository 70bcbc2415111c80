/**
 * Reading and writing the cosmetic cookies on the server (layouts and pages read them for the first
 * paint; server actions write them when a settings form is posted without JavaScript).
 */
import { cookies } from 'next/headers'

import { env } from '../env'
import { cosmeticCookieOptions, cosmeticCookieValue, parseCosmetic, parseCosmetics, type CosmeticName, type Cosmetics } from './index'

/** Cookies get `Secure` in production unless the site is served over plain http on purpose (tests). */
export const secureCookies = env.secureCookies

/** Every cosmetic of the current request, defaults for anything missing. */
export async function readCosmetics(): Promise<Cosmetics> {
  const store = await cookies()
  return parseCosmetics((name) => store.get(name)?.value)
}

/** One cosmetic of the current request. */
export async function readCosmetic<N extends CosmeticName>(name: N): Promise<Cosmetics[N]> {
  return parseCosmetic(name, (await cookies()).get(name)?.value)
}

/** Stores one cosmetic (server actions and route handlers only, as Next allows). */
export async function writeCosmetic<N extends CosmeticName>(name: N, value: Cosmetics[N]): Promise<void> {
  ;(await cookies()).set(name, cosmeticCookieValue(name, value), cosmeticCookieOptions({ secure: secureCookies() }))
}
