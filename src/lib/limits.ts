import { env } from './env'

/** Upload and field limits (reference §2, spec §5). */
export const MiB = 1024 * 1024

/** Version files: the largest file a creator may upload (configurable for self-hosters). */
export const maxVersionFileBytes = (): number => env.maxVersionFileMb() * MiB
/** Icons, gallery images, avatars. */
export const MAX_IMAGE_BYTES = 5 * MiB
/** Images pasted into the Markdown editor. */
export const MAX_EDITOR_IMAGE_BYTES = 1 * MiB

export const VERSION_NUMBER_MAX = 32
export const VERSION_NAME_MAX = 64
export const TITLE_MIN = 3
export const TITLE_MAX = 64
export const SUMMARY_MIN = 3
export const SUMMARY_MAX = 256
export const BODY_MAX = 65536
export const CHANGELOG_MAX = 65536
export const URL_MAX = 2048
export const MAX_PRIMARY_CATEGORIES = 3
export const MAX_GALLERY_ITEMS = 64

export const formatBytes = (bytes: number): string =>
  bytes >= MiB ? `${Math.round((bytes / MiB) * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`

/** The field error for a file over its limit. */
export const fileTooLarge = (limit: number) => `File too large (the limit is ${formatBytes(limit)}).`
