import { describe, expect, it } from 'vitest'

import { filesForDisplay } from '../../src/lib/versionFiles'

describe('filesForDisplay', () => {
  it('gives a version without files one placeholder file', () => {
    const files = filesForDisplay({ versionNumber: '1.2.0' }, [])
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ placeholder: true, url: null, primary: true, filename: 'No files uploaded for 1.2.0' })
  })
  it('keeps exactly one primary file, defaulting to the first', () => {
    const files = filesForDisplay({ versionNumber: '1' }, [
      { id: 'a', filename: 'a.jar', filesize: 10 },
      { id: 'b', filename: 'b.jar', filesize: 20 },
    ])
    expect(files.map((f) => f.primary)).toEqual([true, false])
    const flagged = filesForDisplay({ versionNumber: '1' }, [
      { id: 'a', filename: 'a.jar' },
      { id: 'b', filename: 'b-sources.jar', primary: true },
    ])
    expect(flagged.map((f) => f.primary)).toEqual([false, true])
  })
})
