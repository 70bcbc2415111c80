import { randomInt } from 'node:crypto'

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Public ids are 8-character base62 strings, as in Modrinth. */
export function base62Id(length = 8): string {
  let id = ''
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(62)]
  return id
}

export const BASE62_ID = /^[0-9A-Za-z]{8}$/

export function isBase62Id(value: string): boolean {
  return BASE62_ID.test(value)
}

/** The id of a relationship value, whether it came populated (an object) or as the bare id. */
export function relationId(value: unknown): string | null {
  if (value == null) return null
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id)
  return null
}
