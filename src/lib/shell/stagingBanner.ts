/**
 * The staging-environment banner (spec §2). Its dismissal is the `hideStagingBanner` cosmetic
 * cookie (spec §3), named, parsed and written by `@/lib/cosmetics`. Pure.
 */

export const SITE_ENVIRONMENTS = ['production', 'staging'] as const
export type SiteEnvironment = (typeof SITE_ENVIRONMENTS)[number]

/** `SITE_ENV` as the site understands it: `staging`, or else production. */
export const parseSiteEnvironment = (value: string | null | undefined): SiteEnvironment => (value?.trim().toLowerCase() === 'staging' ? 'staging' : 'production')

/** Shown on a staging site until the visitor dismisses it. */
export const stagingBannerShown = (environment: SiteEnvironment, dismissed: boolean): boolean => environment === 'staging' && !dismissed
