/** Slugs and usernames: URL-safe, compared case-insensitively (stored lower-case). */
export const SLUG_PATTERN = /^[a-zA-Z0-9!@$()`.+,_"-]{3,64}$/
export const USERNAME_PATTERN = /^[a-zA-Z0-9_-]{1,39}$/

export const normalizeHandle = (value: unknown): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
}
