import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'

import type { LineSink } from './types'

/** Calls `onLine` for each line of `stream` (a last line without a newline included). */
export function forEachLine(stream: Readable, onLine: LineSink): void {
  createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine)
}
