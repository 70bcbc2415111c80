/**
 * Custom RAM (spec §3 "custom RAM amount"): a server plan whose memory the buyer picks, in whole
 * GiB, priced per GiB at the standard plans' rate (the small plan's 2 GiB at $6 a month is $3 per
 * GiB; quarterly and yearly alike). Each size is a plan of its own (`server-custom-<n>g`), made the
 * first time someone picks it, so billing, renewals and plan changes treat it like any other plan.
 */
export const CUSTOM_RAM_GIB = { min: 2, max: 16 } as const

/** Minor units (USD cents) per GiB of RAM, per interval. */
export const CUSTOM_PRICE_PER_GIB = { monthly: 300, quarterly: 750, yearly: 3000 } as const

const KEY = /^server-custom-(\d{1,2})g$/

export const customPlanKey = (gib: number): string => `server-custom-${gib}g`

/** The GiB of a custom plan key, or null when it is not one (or out of range). */
export function customPlanGib(key: string): number | null {
  const match = KEY.exec(key)
  if (!match) return null
  const gib = Number(match[1])
  return Number.isInteger(gib) && gib >= CUSTOM_RAM_GIB.min && gib <= CUSTOM_RAM_GIB.max ? gib : null
}

/** Players a plan of this much RAM suits: the standard plans' advice, then 5 more per GiB past 6. */
export function customPlayers(gib: number): { min: number; max: number } {
  if (gib <= 2) return { min: 1, max: 5 }
  if (gib <= 4) return { min: 6, max: 15 }
  if (gib <= 6) return { min: 15, max: 25 }
  return { min: 25, max: 25 + (gib - 6) * 5 }
}

/** The plan's figures (the standard plans' proportions: 1 vCPU per 2 GiB plus one, ¼ swap, 8 GiB storage per GiB). */
export function customPlanSpec(gib: number) {
  return {
    key: customPlanKey(gib),
    name: `Server — Custom ${gib} GB`,
    kind: 'server' as const,
    unitary: false,
    cpus: Math.min(8, 1 + Math.ceil(gib / 2)),
    ram: gib * 1024,
    swap: gib * 256,
    storage: gib * 8192,
    usd: { monthly: gib * CUSTOM_PRICE_PER_GIB.monthly, quarterly: gib * CUSTOM_PRICE_PER_GIB.quarterly, yearly: gib * CUSTOM_PRICE_PER_GIB.yearly },
    allCurrencies: false,
  }
}
