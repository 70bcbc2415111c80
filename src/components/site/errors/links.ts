/**
 * Where the "Uh oh!" page sends people. Set at build time; when unset the items are shown as plain
 * text (no dead links).
 */
export const STATUS_PAGE_URL: string | null = process.env.NEXT_PUBLIC_STATUS_PAGE_URL || null
export const COMMUNITY_CHAT_URL: string | null = process.env.NEXT_PUBLIC_COMMUNITY_CHAT_URL || null
