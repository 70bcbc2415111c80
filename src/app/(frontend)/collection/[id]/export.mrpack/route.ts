import { modpackHandler } from '@/lib/collections/exportRoutes'

// Reads the database on every request, as the visitor (private collections need their owner's session).
export const dynamic = 'force-dynamic'

export const GET = modpackHandler
