/*
 * The file manager's upload queue (spec §4: "File uploads queue, run in parallel and can be
 * cancelled"): the state of each upload and which ones start next. The browser's transport lives in
 * src/components/servers/files; this is the bookkeeping, kept pure for its tests.
 */

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled'
export type UploadItem = { key: string; path: string; size: number; sent: number; status: UploadStatus; error?: string }

/** How many uploads run at once (Modrinth's and Pterodactyl's managers run a few, not all). */
export const PARALLEL_UPLOADS = 3
/** What one request carries: the node takes at most 4 MiB a chunk. */
export const CHUNK_BYTES = 4 * 1024 * 1024

/** The queued uploads to start now, oldest first, so that at most `parallel` run. */
export function toStart(items: readonly UploadItem[], parallel = PARALLEL_UPLOADS): UploadItem[] {
  const running = items.filter((i) => i.status === 'uploading').length
  return items.filter((i) => i.status === 'queued').slice(0, Math.max(0, parallel - running))
}

export const isFinished = (item: UploadItem): boolean => item.status === 'done' || item.status === 'failed' || item.status === 'cancelled'

/** Whole percent sent (an empty file is 100 % once done). */
export const percentOf = (item: UploadItem): number => (item.size === 0 ? (item.status === 'done' ? 100 : 0) : Math.min(100, Math.floor((item.sent / item.size) * 100)))

/** Where the chunk starting at `offset` ends: at most a chunk on, never past the file's end. */
export const chunkEnd = (offset: number, size: number, chunk = CHUNK_BYTES): number => Math.min(size, offset + chunk)
