import { collectionFeedHandler } from '@/lib/feeds/routes'

// Reads the database on every request (the build has no database).
export const dynamic = 'force-dynamic'

export const GET = collectionFeedHandler
