import { describe, expect, it } from 'vitest'

import { chunkEnd, isFinished, percentOf, toStart, type UploadItem } from '../../src/lib/hosting/uploadQueue'

const item = (key: string, status: UploadItem['status'], size = 10, sent = 0): UploadItem => ({ key, path: key, size, sent, status })

describe('upload queue', () => {
  it('starts the oldest queued uploads, at most three running at once', () => {
    const items = [item('a', 'uploading'), item('b', 'queued'), item('c', 'queued'), item('d', 'queued'), item('e', 'done')]
    expect(toStart(items).map((i) => i.key)).toEqual(['b', 'c'])
    expect(toStart([item('a', 'uploading'), item('b', 'uploading'), item('c', 'uploading'), item('d', 'queued')])).toEqual([])
    // A cancelled or failed upload frees its place.
    expect(toStart([item('a', 'cancelled'), item('b', 'failed'), item('c', 'queued')]).map((i) => i.key)).toEqual(['c'])
  })

  it('reports progress and the end of each upload', () => {
    expect(percentOf(item('a', 'uploading', 200, 50))).toBe(25)
    expect(percentOf(item('a', 'uploading', 0))).toBe(0)
    expect(percentOf(item('a', 'done', 0))).toBe(100)
    expect(['done', 'failed', 'cancelled'].every((s) => isFinished(item('a', s as UploadItem['status'])))).toBe(true)
    expect(isFinished(item('a', 'queued'))).toBe(false)
  })

  it('cuts a file into chunks of at most the chunk size', () => {
    expect([chunkEnd(0, 10, 4), chunkEnd(4, 10, 4), chunkEnd(8, 10, 4)]).toEqual([4, 8, 10])
    expect(chunkEnd(0, 0, 4)).toBe(0)
  })
})
