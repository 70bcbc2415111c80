import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'

export type FileHashes = { sha1: string; sha512: string; size: number }

/** sha1 and sha512 of a stream in one pass, never holding the whole file in memory. */
export async function hashStream(stream: AsyncIterable<Buffer | Uint8Array>): Promise<FileHashes> {
  const sha1 = createHash('sha1')
  const sha512 = createHash('sha512')
  let size = 0
  for await (const chunk of stream) {
    sha1.update(chunk)
    sha512.update(chunk)
    size += chunk.length
  }
  return { sha1: sha1.digest('hex'), sha512: sha512.digest('hex'), size }
}

export const hashFile = (filePath: string) => hashStream(createReadStream(filePath, { highWaterMark: 1 << 20 }))

export function hashBuffer(data: Uint8Array): FileHashes {
  return {
    sha1: createHash('sha1').update(data).digest('hex'),
    sha512: createHash('sha512').update(data).digest('hex'),
    size: data.length,
  }
}

export const SHA1_HEX = /^[0-9a-f]{40}$/
export const SHA512_HEX = /^[0-9a-f]{128}$/
