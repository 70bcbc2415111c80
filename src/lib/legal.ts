/** The legal pages the site serves at /legal/{slug} (spec §2), in footer order. */
export const LEGAL_SLUGS = ['terms', 'privacy', 'rules', 'copyright', 'security', 'ccpa', 'cmp', 'cmp-info'] as const

export type LegalSlug = (typeof LEGAL_SLUGS)[number]

export const isLegalSlug = (value: string): value is LegalSlug => (LEGAL_SLUGS as readonly string[]).includes(value)

export const legalHref = (slug: LegalSlug) => `/legal/${slug}`
