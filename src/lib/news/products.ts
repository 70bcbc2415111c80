/** The product lines the changelog covers (spec §3 changelog entry). */
export const PRODUCTS = ['web', 'app', 'servers'] as const

export type Product = (typeof PRODUCTS)[number]

export const isProduct = (value: string | null | undefined): value is Product => !!value && (PRODUCTS as readonly string[]).includes(value)
