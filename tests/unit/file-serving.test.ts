import { describe, expect, it } from 'vitest'

import { contentDisposition, FILE_CSP, imageHeaders, parseFilePath, versionFileHeaders, withDownloadFilename } from '../../src/lib/files/downloadHeaders'
import { absoluteOwnLinks, editorImageUrl, fileUrl, filesOrigin, siteRelativeUrl, toFilesOrigin } from '../../src/lib/files/fileUrl'

describe('Content-Disposition for downloads', () => {
  it('quotes a plain name', () => {
    expect(contentDisposition('sodium-fabric-0.6.0.jar')).toBe('attachment; filename="sodium-fabric-0.6.0.jar"')
  })

  it('adds an RFC 5987 UTF-8 name beside an ASCII fallback', () => {
    expect(contentDisposition('café «pack».zip')).toBe(`attachment; filename="caf_ _pack_.zip"; filename*=UTF-8''caf%C3%A9%20%C2%ABpack%C2%BB.zip`)
  })

  it('never lets a name end the parameter or start a new header', () => {
    const value = contentDisposition('a"b\\c\r\nSet-Cookie: x=1;.jar')
    expect(value).not.toMatch(/[\r\n]/)
    expect(value.startsWith('attachment; filename="a_b_c__Set-Cookie: x=1;.jar"')).toBe(true)
    expect(value).toContain(`filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B.jar`)
  })

  it('encodes the characters RFC 5987 leaves out of attr-char', () => {
    expect(contentDisposition("é's (v2)*.jar", 'attachment')).toContain(`filename*=UTF-8''%C3%A9%27s%20%28v2%29%2A.jar`)
  })

  it('is a bare disposition without a name', () => {
    expect(contentDisposition(undefined)).toBe('attachment')
  })
})

describe('headers of served files', () => {
  it('makes every version file a sandboxed download, whatever its type', () => {
    const headers = versionFileHeaders({ headers: new Headers({ 'Content-Type': 'text/html' }) })
    expect(headers.get('Content-Disposition')).toBe('attachment')
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(headers.get('Content-Security-Policy')).toBe(FILE_CSP)
  })

  it('shows raster images inline, sandboxed', () => {
    const headers = imageHeaders({ headers: new Headers({ 'Content-Type': 'image/webp' }) })
    expect(headers.get('Content-Type')).toBe('image/webp')
    expect(headers.get('Content-Disposition')).toBeNull()
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(headers.get('Content-Security-Policy')).toBe("sandbox; default-src 'none'")
  })

  it('never serves an image file as HTML or SVG', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', '']) {
      const headers = imageHeaders({ headers: new Headers(type ? { 'Content-Type': type } : {}) })
      expect(headers.get('Content-Type')).toBe('application/octet-stream')
      expect(headers.get('Content-Disposition')).toBe('attachment')
    }
  })

  it('names the download after the file on the file route only', async () => {
    expect(parseFilePath(['version-files', 'file', 'x.html'])).toEqual({ collection: 'version-files', filename: 'x.html' })
    expect(parseFilePath(['version-files', 'abc'])).toBeNull()
    const named = withDownloadFilename(new Response('x', { headers: { 'Content-Disposition': 'attachment' } }), 'x.html')
    expect(named.headers.get('Content-Disposition')).toBe('attachment; filename="x.html"')
    expect(await named.text()).toBe('x')
    const image = withDownloadFilename(new Response('x', { headers: { 'Content-Type': 'image/png' } }), 'a.png')
    expect(image.headers.get('Content-Disposition')).toBeNull()
  })
})

describe('file URLs and FILES_URL', () => {
  it('stays on the site without FILES_URL', () => {
    expect(filesOrigin('')).toBeNull()
    expect(toFilesOrigin('http://localhost:3000/api/images/file/a.png', null)).toBe('http://localhost:3000/api/images/file/a.png')
  })

  it('moves Payload file URLs, absolute or root-relative, to the file origin', () => {
    const origin = filesOrigin('https://files.example.net/')
    expect(origin).toBe('https://files.example.net')
    expect(toFilesOrigin('https://blockforge.example/api/version-files/file/x%20y.jar', origin)).toBe('https://files.example.net/api/version-files/file/x%20y.jar')
    expect(toFilesOrigin('/api/images/file/icon-96x96.webp', origin)).toBe('https://files.example.net/api/images/file/icon-96x96.webp')
  })

  it('leaves other URLs alone', () => {
    const origin = 'https://files.example.net'
    expect(toFilesOrigin('https://cdn.example.com/pic.png', origin)).toBe('https://cdn.example.com/pic.png')
    expect(toFilesOrigin('/mod/sodium', origin)).toBe('/mod/sodium')
    expect(toFilesOrigin(null, origin)).toBeNull()
  })

  it('refuses a malformed FILES_URL loudly', () => {
    expect(() => filesOrigin('not a url')).toThrow()
  })

  it('builds a file URL on the file origin when set', () => {
    const saved = process.env.FILES_URL
    try {
      delete process.env.FILES_URL
      expect(fileUrl('version-files', 'a b.jar', 'http://localhost:3000/')).toBe('http://localhost:3000/api/version-files/file/a%20b.jar')
      process.env.FILES_URL = 'https://files.example.net'
      expect(fileUrl('version-files', 'a b.jar', 'http://localhost:3000')).toBe('https://files.example.net/api/version-files/file/a%20b.jar')
    } finally {
      if (saved === undefined) delete process.env.FILES_URL
      else process.env.FILES_URL = saved
    }
  })
})

describe('site-relative URLs of our own files (issue 34 item 7)', () => {
  it('strips our own origin only', () => {
    expect(siteRelativeUrl('http://localhost:3000/api/x.png', 'http://localhost:3000')).toBe('/api/x.png')
    expect(siteRelativeUrl('http://localhost:3000/api/x.png?v=1', 'http://localhost:3000/')).toBe('/api/x.png?v=1')
    expect(siteRelativeUrl('https://cdn.example/x.png', 'http://localhost:3000')).toBe('https://cdn.example/x.png')
    expect(siteRelativeUrl('http://localhost:30000/x.png', 'http://localhost:3000')).toBe('http://localhost:30000/x.png')
    expect(siteRelativeUrl('https://files.example.net/api/images/file/a.png', 'https://blockforge.example')).toBe('https://files.example.net/api/images/file/a.png')
    expect(siteRelativeUrl('/api/images/file/a.png', 'http://localhost:3000')).toBe('/api/images/file/a.png')
    expect(siteRelativeUrl(null, 'http://localhost:3000')).toBeNull()
  })

  it('never turns a path into another host', () => {
    expect(siteRelativeUrl('http://localhost:3000//evil.example/x.png', 'http://localhost:3000')).toBe('http://localhost:3000//evil.example/x.png')
  })

  it('gives the description editor a host-free address for an image it uploaded (SITE_URL by default)', () => {
    const saved = process.env.SITE_URL
    try {
      process.env.SITE_URL = 'http://localhost:3000'
      const image = { url: 'http://localhost:3000/api/images/file/shot.png', sizes: { large: { url: 'http://localhost:3000/api/images/file/shot-1280x720.webp' } } }
      expect(editorImageUrl(image)).toBe('/api/images/file/shot-1280x720.webp')
      expect(editorImageUrl({ url: 'http://localhost:3000/api/images/file/small.png', sizes: { large: { url: null } } })).toBe('/api/images/file/small.png')
    } finally {
      if (saved === undefined) delete process.env.SITE_URL
      else process.env.SITE_URL = saved
    }
  })
})

describe('descriptions read off the site (/v2 body)', () => {
  it('link our own files on the site’s origin again; other links stay as written', () => {
    const body = '![shot](/api/images/file/a.png) [jar](/api/version-files/file/m.jar) <img src="/api/images/file/b.png"> [page](/mod/x) ![far](https://cdn.example/c.png)'
    expect(absoluteOwnLinks(body, 'https://forge.example/')).toBe(
      '![shot](https://forge.example/api/images/file/a.png) [jar](https://forge.example/api/version-files/file/m.jar) <img src="https://forge.example/api/images/file/b.png"> [page](/mod/x) ![far](https://cdn.example/c.png)',
    )
  })
})
