/**
 * What a collection's fields accept, without the schemas (./rules.ts): client components import
 * these, and importing the rules would put zod into every page with an "add to collection" button.
 */
export const COLLECTION_LIMITS = { nameMin: 3, nameMax: 64, summaryMax: 255, descriptionMax: 2048 } as const
export const COLLECTION_VISIBILITIES = ['public', 'unlisted', 'private'] as const
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number]
