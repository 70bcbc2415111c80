import { randomBytes } from 'node:crypto'

import { strToU8, zipSync } from 'fflate'

/** A real (zip) jar with unique bytes: version files named .jar must be sound archives. */
export function testJar(label = 'test'): Buffer {
  return Buffer.from(zipSync({ 'fabric.mod.json': strToU8(JSON.stringify({ schemaVersion: 1, id: 'test', version: label })), 'data/random.bin': new Uint8Array(randomBytes(48)) }))
}
