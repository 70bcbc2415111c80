/**
 * User badges (reference: `models/v3/users.rs`): a bitfield, bits 0–7 in this order. Pure.
 * The labels live in messages/en-US.json under `Profile.badges.<key>`.
 */
export const BADGES = [
  'midas',
  'earlyModpackAdopter',
  'earlyRespackAdopter',
  'earlyPluginAdopter',
  'alphaTester',
  'contributor',
  'translator',
  'affiliate',
] as const
export type BadgeKey = (typeof BADGES)[number]

/** The bit of each badge. */
export const BADGE_BITS: Readonly<Record<BadgeKey, number>> = Object.fromEntries(BADGES.map((key, i) => [key, 1 << i])) as Record<BadgeKey, number>

/** The badges set in a bitfield, in display order; unknown bits, negatives and non-integers give none. */
export function decodeBadges(bits: number | null | undefined): BadgeKey[] {
  if (typeof bits !== 'number' || !Number.isInteger(bits) || bits <= 0) return []
  return BADGES.filter((key) => (bits & BADGE_BITS[key]) !== 0)
}

/** The bitfield of a set of badges (the inverse of `decodeBadges`). */
export function encodeBadges(keys: readonly BadgeKey[]): number {
  return keys.reduce((bits, key) => bits | BADGE_BITS[key], 0)
}
