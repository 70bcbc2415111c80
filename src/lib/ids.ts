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
