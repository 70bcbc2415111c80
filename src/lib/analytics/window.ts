import { createHmac } from 'node:crypto'

import { env } from '../env'

/*
 * Counting rules (DESIGN: "each IP and version once per window"), pure. An address counts once per
 * window for each version it downloads and each project it views. The address is never stored: the
 * seen-key is an HMAC of it under the site's secret, so the table cannot be read back into addresses.
 */
export type CountKind = 'download' | 'view'

/** The window in milliseconds: ANALYTICS_WINDOW_HOURS (default 24). */
export const countWindowMs = (): number => env.analyticsWindowHours() * 3_600_000

/** The seen-key of one address for one thing counted: what a second request in the window finds. */
export function seenKey(secret: string, kind: CountKind, subject: string, address: string): string {
  return createHmac('sha256', secret).update(`${kind}\u0000${subject}\u0000${address}`).digest('base64url')
}

/** The UTC day a count lands on (`YYYY-MM-DD`). */
export const countDay = (at: Date): string => at.toISOString().slice(0, 10)
