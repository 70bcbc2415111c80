import { Zip, ZipPassThrough } from 'fflate'

export type ZipSource = { name: string; open: () => AsyncIterable<Uint8Array | Buffer> }

/**
 * A zip of these files as a stream, one file at a time, stored without recompression (jars and zips
 * are compressed already): memory stays at a chunk or two whatever the files' total size, and bytes
 * flow to the client as they are read. fflate writes the zip; this only feeds it.
 */
export function zipStream(sources: ZipSource[], onError: (error: unknown) => void = () => {}): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = []
  let failed: unknown = null
  let finished = false
  const zip = new Zip((err, chunk, final) => {
    if (err) failed = err
    else ready.push(chunk)
    if (final) finished = true
  })
  async function* bytes(): AsyncGenerator<Uint8Array> {
    for (const source of sources) {
      const entry = new ZipPassThrough(source.name)
      zip.add(entry)
      for await (const chunk of source.open()) {
        entry.push(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk))
        if (failed) throw failed
        while (ready.length) yield ready.shift()!
      }
      entry.push(new Uint8Array(0), true)
      while (ready.length) yield ready.shift()!
    }
    zip.end()
    if (failed) throw failed
    while (ready.length) yield ready.shift()!
    if (!finished) throw new Error('zip did not finish')
  }
  const it = bytes()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await it.next()
        if (done) controller.close()
        else controller.enqueue(value)
      } catch (error) {
        onError(error)
        controller.error(error)
      }
    },
    async cancel() {
      await it.return(undefined)
    },
  })
}
