import { env } from '@/lib/env'

/**
 * Where the "Uh oh!" page sends people. Set at build time; when unset the items are shown as plain
 * text (no dead links).
 */
export const STATUS_PAGE_URL: string | null = env.statusPageUrl()
export const COMMUNITY_CHAT_URL: string | null = env.communityChatUrl()
