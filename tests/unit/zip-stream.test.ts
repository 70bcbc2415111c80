import { createHash, randomBytes } from 'node:crypto'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'

import { zipStream } from '../../src/lib/files/zipStream'

async function* chunks(data: Buffer, size: number) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size)
}
const sha1 = (b: Uint8Array) => createHash('sha1').update(b).digest('hex')

describe('zipStream', () => {
  it('writes every file, whole and byte for byte, under its name', async () => {
    const a = randomBytes(200_000)
    const b = randomBytes(10)
    const stream = zipStream([
      { name: 'mods/a.jar', open: () => chunks(a, 65_536) },
      { name: 'resourcepacks/b.zip', open: () => chunks(b, 4) },
      { name: 'empty.txt', open: () => chunks(Buffer.alloc(0), 1) },
    ])
    const zipped = new Uint8Array(await new Response(stream).arrayBuffer())
    const files = unzipSync(zipped)
    expect(Object.keys(files).sort()).toEqual(['empty.txt', 'mods/a.jar', 'resourcepacks/b.zip'])
    expect(sha1(files['mods/a.jar']!)).toBe(sha1(a))
    expect(sha1(files['resourcepacks/b.zip']!)).toBe(sha1(b))
    expect(files['empty.txt']!.length).toBe(0)
  })

  it('fails the stream (and says so) when a file cannot be read, instead of ending a broken zip quietly', async () => {
    const errors: unknown[] = []
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array([1, 2, 3])
      throw new Error('disk gone')
    }
    const stream = zipStream([{ name: 'x.jar', open: broken }], (e) => errors.push(e))
    await expect(new Response(stream).arrayBuffer()).rejects.toThrow()
    expect(String(errors[0])).toContain('disk gone')
  })
})
