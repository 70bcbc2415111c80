import { afterEach, describe, expect, it } from 'vitest'

import { HIGHLIGHT_ALIASES, HIGHLIGHT_LANGUAGES, resolveHighlightLanguage, type HighlightLanguage } from '@/lib/highlightLanguages'
import { EXTERNAL_LINK_REL, MARKDOWN_WHITELIST, MAX_NESTING, MEDIA_HOSTS, highlightCode, proxyImageUrl, renderMarkdown } from '@/lib/markdown'

const SITE = 'blockforge.test'
const render = (source: string): string => renderMarkdown(source, { siteHost: SITE })

/** How a URL appears inside a double-quoted attribute of the output. */
const attr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
const proxied = (url: string): string => attr(proxyImageUrl(url))

interface StartTag {
  name: string
  attributes: Map<string, string>
}

/**
 * Start tags of sanitized output. Output attributes are always double-quoted with `"` escaped inside,
 * so this small tokenizer is exact for it; `leftover` is the text once all tags are cut out.
 */
function parseOutput(html: string): { tags: StartTag[]; closing: string[]; leftover: string } {
  const tags: StartTag[] = []
  const closing: string[] = []
  const leftover = html.replace(/<(\/?)([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/g, (_match, slash: string, name: string, rest: string) => {
    if (slash) {
      closing.push(name)
      return ''
    }
    const attributes = new Map<string, string>()
    for (const [, key, value] of rest.matchAll(/\s+([a-z-]+)(?:="([^"]*)")?/g)) attributes.set(key, value ?? '')
    tags.push({ name, attributes })
    return ''
  })
  return { tags, closing, leftover }
}

const whitelistedAttributes = (tag: string): readonly string[] => MARKDOWN_WHITELIST[tag as keyof typeof MARKDOWN_WHITELIST] ?? []

const DANGEROUS_URL = /^\s*(javascript|vbscript|file|data):/i
const DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp);base64,/

/** The invariants every rendered document must hold, whatever went in. */
function expectSafe(html: string): void {
  const { tags, closing, leftover } = parseOutput(html)
  // Every "<" left is part of a well-formed, whitelisted tag; text never carries a raw one.
  expect(leftover).not.toContain('<')
  for (const { name, attributes } of tags) {
    expect(Object.keys(MARKDOWN_WHITELIST), `tag <${name}>`).toContain(name)
    for (const [key, value] of attributes) {
      if (name === 'a' && key === 'rel') {
        expect(value).toBe(EXTERNAL_LINK_REL)
        continue
      }
      expect(whitelistedAttributes(name), `attribute ${key} on <${name}>`).toContain(key)
      if (key === 'href' || key === 'src') {
        const decoded = value.replace(/&amp;/g, '&')
        if (DANGEROUS_URL.test(decoded)) expect(name !== 'a' && DATA_IMAGE.test(decoded), `${key}="${value}"`).toBe(true)
      }
    }
  }
  for (const name of closing) expect(Object.keys(MARKDOWN_WHITELIST)).toContain(name)
}

const countOf = (html: string, needle: string): number => html.split(needle).length - 1

/** The first start tag with that name in the output. */
function firstTag(html: string, name: string): StartTag {
  const tag = parseOutput(html).tags.find((candidate) => candidate.name === name)
  if (!tag) throw new Error(`no <${name}> in ${html}`)
  return tag
}

describe('markdown rendering', () => {
  it('renders common markdown', () => {
    const html = render('# Title\n\nSome **bold**, *italic* and `code`.\n\n- one\n- two\n\n> quoted\n\n---')
    expect(html).toContain('<h1>Title</h1>')
    expect(html).toContain('<strong>bold</strong>')
    expect(html).toContain('<em>italic</em>')
    expect(html).toContain('<code>code</code>')
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>')
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>')
    expect(html).toContain('<hr>')
  })

  it('does not turn single newlines into <br> (breaks: false)', () => {
    expect(render('line one\nline two')).toBe('<p>line one\nline two</p>\n')
  })

  it('returns an empty string for empty input', () => {
    expect(render('')).toBe('')
  })

  it('auto-links bare URLs (linkify), also www. ones', () => {
    expect(render('see https://example.com/page now')).toBe(
      `<p>see <a href="https://example.com/page" rel="${EXTERNAL_LINK_REL}">https://example.com/page</a> now</p>\n`,
    )
    expect(render('www.example.com')).toContain('<a href="http://www.example.com"')
  })

  it('lets whitelisted HTML through as written', () => {
    expect(render('Press <kbd>Ctrl</kbd> + <kbd>C</kbd>')).toBe('<p>Press <kbd>Ctrl</kbd> + <kbd>C</kbd></p>\n')
  })

  it('renders markdown inside block HTML separated by blank lines', () => {
    expect(render('<div align="center">\n\n# Centered\n\n</div>')).toBe('<div align="center">\n<h1>Centered</h1>\n</div>')
  })

  it('keeps table column alignment as allowed CSS', () => {
    const html = render('| a | b | c |\n|:-|:-:|-:|\n| 1 | 2 | 3 |')
    expect(html).toContain('<th style="text-align: left">a</th>')
    expect(html).toContain('<th style="text-align: center">b</th>')
    expect(html).toContain('<td style="text-align: right">3</td>')
  })
})

describe('tags', () => {
  const nonVoid = Object.keys(MARKDOWN_WHITELIST).filter((tag) => !['br', 'hr', 'img', 'source', 'iframe'].includes(tag))

  it.each(nonVoid)('keeps <%s>', (tag) => {
    const html = render(`<${tag}>x</${tag}>`)
    expect(html).toContain(`<${tag}>`)
    expect(html).toContain(`</${tag}>`)
  })

  it.each(['br', 'hr'])('keeps void <%s>', (tag) => {
    expect(render(`a<${tag}>b`)).toContain(`<${tag}>`)
  })

  it('keeps <img> and <source> (with sources checked)', () => {
    expect(render('<img src="/media/a.png">')).toContain('<img src="/media/a.png">')
    expect(render('<picture><source srcset="/a.webp" type="image/webp"><img src="/a.png"></picture>')).toContain(
      '<picture><source srcset="/a.webp" type="image/webp"><img src="/a.png"></picture>',
    )
  })

  it.each([
    'script', 'style', 'svg', 'math', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'option',
    'link', 'meta', 'base', 'font', 'marquee', 'frame', 'frameset', 'applet', 'template', 'dialog', 'noscript',
    'body', 'html', 'head', 'title', 'xmp', 'plaintext', 'map', 'area', 'canvas', 'slot', 'portal',
  ])('escapes the non-whitelisted <%s>', (tag) => {
    const html = render(`<${tag} id="x">content</${tag}>`)
    expect(html).not.toMatch(new RegExp(`<${tag}[\\s>/]`, 'i'))
    expect(html).toContain(`&lt;${tag}`)
    expectSafe(html)
  })

  it('escapes generics in prose instead of dropping them', () => {
    expect(render('Returns List<String> here')).toBe('<p>Returns List&lt;String&gt; here</p>\n')
  })

  it('matches tag names case-insensitively and writes them in lower case', () => {
    expect(render('<B>bold</B> <IMG SRC="/a.png" ONERROR="alert(1)">')).toBe('<p><b>bold</b> <img src="/a.png"></p>\n')
  })

  it('removes HTML comments', () => {
    expect(render('a <!-- hidden --> b')).toBe('<p>a  b</p>\n')
  })
})

describe('attributes', () => {
  it.each([
    ['<a href="/x" title="T" target="_blank">a</a>', '<a href="/x" title="T" target="_blank">a</a>'],
    [
      '<img src="/a.png" alt="A" title="T" width="64" height="32" align="left" style="image-rendering: pixelated">',
      '<img src="/a.png" alt="A" title="T" width="64" height="32" align="left" style="image-rendering: pixelated">',
    ],
    ['<p align="center">p</p>', '<p align="center">p</p>'],
    ['<div align="right" style="float: right">d</div>', '<div align="right" style="float: right">d</div>'],
    ['<span style="text-align: left">s</span>', '<span style="text-align: left">s</span>'],
    ['<ol start="7"><li>x</li></ol>', '<ol start="7"><li>x</li></ol>'],
    [
      '<table><tr><th align="center" colspan="2" rowspan="1">h</th><td align="right" colspan="3" rowspan="2">d</td></tr></table>',
      '<th align="center" colspan="2" rowspan="1">h</th><td align="right" colspan="3" rowspan="2">d</td>',
    ],
    ['<code class="language-java">x</code>', '<code class="language-java">x</code>'],
    ['<details open><summary>s</summary>d</details>', '<details open><summary>s</summary>d</details>'],
    [
      '<source media="(min-width: 800px)" sizes="50vw" src="/a.webm" srcset="/a.png 2x" type="video/webm">',
      '<source media="(min-width: 800px)" sizes="50vw" src="/a.webm" srcset="/a.png 2x" type="video/webm">',
    ],
    ['<video controls width="640" height="360" src="/a.mp4"></video>', '<video controls width="640" height="360" src="/a.mp4"></video>'],
    ['<audio controls src="/a.ogg"></audio>', '<audio controls src="/a.ogg"></audio>'],
    ['<img src="/a.png" width="50%">', '<img src="/a.png" width="50%">'],
  ])('keeps whitelisted attributes: %s', (input, expected) => {
    expect(render(input)).toContain(expected)
  })

  it.each([
    ['<div id="x" class="y" onclick="z()" data-a="b" align="center">t</div>', '<div align="center">t</div>'],
    ['<p style="text-align: center" class="c" id="i">t</p>', '<p>t</p>'],
    ['<a href="/x" rel="opener" name="n" download ping="https://evil.example">a</a>', '<a href="/x">a</a>'],
    ['<img src="/a.png" loading="lazy" srcset="/b.png 2x" usemap="#m" ismap>', '<img src="/a.png">'],
    ['<video src="/a.mp4" autoplay loop muted poster="https://evil.example/p.png"></video>', '<video src="/a.mp4"></video>'],
    ['<h1 id="top" align="center">h</h1>', '<h1>h</h1>'],
    ['<span class="hljs-keyword" title="t" onmouseover="x()">s</span>', '<span class="hljs-keyword">s</span>'],
    ['<details open ontoggle="alert(1)"><summary>s</summary></details>', '<details open><summary>s</summary></details>'],
  ])('drops attributes that are not whitelisted: %s', (input, expected) => {
    expect(render(input)).toContain(expected)
  })

  it.each([
    ['<a href="/x" target="_top">a</a>', '<a href="/x">a</a>'],
    ['<a href="/x" target="someframe">a</a>', '<a href="/x">a</a>'],
    ['<img src="/a.png" width="100;x" height="auto">', '<img src="/a.png">'],
    ['<img src="/a.png" align="evil">', '<img src="/a.png">'],
    ['<ol start="two"><li>x</li></ol>', '<ol><li>x</li></ol>'],
    ['<table><tr><td colspan="2x" rowspan="-">d</td></tr></table>', '<td>d</td>'],
  ])('drops whitelisted attributes with invalid values: %s', (input, expected) => {
    expect(render(input)).toContain(expected)
  })

  it('normalises align case', () => {
    expect(render('<p align="CENTER">p</p>')).toContain('<p align="center">p</p>')
  })

  it('escapes free-text attribute values so they cannot break out', () => {
    const html = render(`<img src="/a.png" alt='"><script>alert(1)</script>' title='x" onerror="alert(1)'>`)
    expect(html).not.toContain('<script')
    expect([...firstTag(html, 'img').attributes.keys()]).toEqual(['src', 'alt', 'title'])
    expectSafe(html)
  })
})

describe('iframes', () => {
  const youtube = 'https://www.youtube.com/embed/dQw4w9WgXcQ'

  it.each([
    [youtube, youtube],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/embed/a_b-C1d2E3f', 'https://youtube.com/embed/a_b-C1d2E3f'],
    ['https://youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['http://www.youtube.com/embed/dQw4w9WgXcQ', youtube],
    [`${youtube}?start=10`, `${youtube}?start=10`],
    [`${youtube}?start=10&end=20`, `${youtube}?start=10&end=20`],
    [`${youtube}?start=10&amp;end=20`, `${youtube}?start=10&end=20`],
    [`${youtube}?si=AbCdEfGh&autoplay=1&start=5`, `${youtube}?start=5`],
    [`${youtube}?start=1m&end=-3`, youtube],
    [`${youtube}?end=90#t=5`, `${youtube}?end=90`],
  ])('keeps the YouTube embed %s', (src, expected) => {
    expect(render(`<iframe src="${src}"></iframe>`)).toBe(`<iframe src="${attr(expected)}"></iframe>`)
  })

  it.each([
    'https://www.youtube.com/embed/dQw4w9WgXc', // 10 characters
    'https://www.youtube.com/embed/dQw4w9WgXcQQ', // 12 characters
    'https://www.youtube.com/embed/dQw4w9WgX!Q',
    'https://www.youtube.com/embed/dQw4w9WgXcQ/extra',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/embed/',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ',
    'https://evil.example/embed/dQw4w9WgXcQ',
    'https://evil.example/?https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com:8443/embed/dQw4w9WgXcQ',
    'https://user:pass@www.youtube.com/embed/dQw4w9WgXcQ',
    'ftp://www.youtube.com/embed/dQw4w9WgXcQ',
    '//www.youtube.com/embed/dQw4w9WgXcQ',
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '/embed/dQw4w9WgXcQ',
    '',
  ])('removes the iframe with source %s', (src) => {
    const html = render(`<iframe src="${src}"></iframe>`)
    expect(html).not.toContain('<iframe')
    expect(html).not.toContain('</iframe')
  })

  it('removes an iframe without a source', () => {
    expect(render('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).not.toContain('<iframe')
  })

  it.each([
    ['https://discord.com/widget?id=123456789012345678', 'https://discord.com/widget?id=123456789012345678'],
    ['https://discord.com/widget?id=1234567890123456789', 'https://discord.com/widget?id=1234567890123456789'],
    ['https://discord.com/widget?id=123456789012345678&theme=dark', 'https://discord.com/widget?id=123456789012345678&theme=dark'],
    ['https://discord.com/widget?id=123456789012345678&amp;theme=light', 'https://discord.com/widget?id=123456789012345678&theme=light'],
    ['https://discord.com/widget?theme=blue&id=123456789012345678', 'https://discord.com/widget?id=123456789012345678'],
    ['https://www.discord.com/widget?id=123456789012345678&foo=bar', 'https://discord.com/widget?id=123456789012345678'],
  ])('keeps the Discord widget %s', (src, expected) => {
    expect(render(`<iframe src="${src}" width="350" height="500" frameborder="0"></iframe>`)).toBe(
      `<iframe src="${attr(expected)}" width="350" height="500" frameborder="0"></iframe>`,
    )
  })

  it.each([
    'https://discord.com/widget?id=12345678901234567', // 17 digits
    'https://discord.com/widget?id=12345678901234567890', // 20 digits
    'https://discord.com/widget?id=12345678901234567a',
    'https://discord.com/widget',
    'https://discord.com/widget/?id=123456789012345678',
    'https://discord.com/api/guilds/123456789012345678/widget.json',
    'https://discordapp.com/widget?id=123456789012345678',
    'https://discord.gg/widget?id=123456789012345678',
    'https://discord.com.evil.example/widget?id=123456789012345678',
  ])('removes the iframe with Discord-like source %s', (src) => {
    expect(render(`<iframe src="${src}"></iframe>`)).not.toContain('<iframe')
  })

  it('keeps only whitelisted iframe attributes', () => {
    const html = render(
      `<iframe src="${youtube}" width="560" height="315" frameborder="0" allowfullscreen title="Trailer" allow="camera" sandbox="allow-scripts" srcdoc="x" style="float: left" onload="alert(1)" referrerpolicy="no-referrer"></iframe>`,
    )
    expect(html).toBe(`<iframe src="${youtube}" width="560" height="315" frameborder="0" allowfullscreen title="Trailer"></iframe>`)
  })

  it('writes the iframe closed so an unclosed one cannot swallow the page', () => {
    expect(render(`<iframe src="${youtube}">\n\nAfter the video.`)).toBe(`<iframe src="${youtube}"></iframe>\n<p>After the video.</p>\n`)
  })

  it('keeps the text after a removed iframe', () => {
    expect(render('<iframe src="https://evil.example/x"></iframe> after')).toBe(' after')
  })
})

describe('CSS', () => {
  it.each([
    ['image-rendering: pixelated', 'image-rendering: pixelated'],
    ['text-align: left', 'text-align: left'],
    ['text-align: center', 'text-align: center'],
    ['text-align: right', 'text-align: right'],
    ['float: left', 'float: left'],
    ['float: right', 'float: right'],
    ['TEXT-ALIGN:CENTER;', 'text-align: center'],
    ['  float :  right  ', 'float: right'],
    ['text-align:&#99;enter', 'text-align: center'],
    ['color: red; float: right; position: fixed', 'float: right'],
    ['text-align: left; image-rendering: pixelated; float: left', 'text-align: left; image-rendering: pixelated; float: left'],
  ])('keeps allowed declarations of %s', (style, expected) => {
    expect(render(`<span style="${style}">x</span>`)).toBe(`<p><span style="${expected}">x</span></p>\n`)
  })

  it.each([
    'color: red',
    'position: fixed; top: 0; left: 0; width: 100vw; height: 100vh',
    'background: url(javascript:alert(1))',
    'background-image: url("https://evil.example/track.png")',
    'width: expression(alert(1))',
    'text-align: justify',
    'float: none',
    'image-rendering: crisp-edges',
    'text-align: center !important',
    'text-align: /**/center',
    'text-align: cent\\65r',
    'text-al\\69gn: center',
    'behavior: url(x.htc)',
    '-moz-binding: url(x.xml#xss)',
    'text-align: center right',
    'float',
    '',
  ])('strips the style %s entirely', (style) => {
    // Single quotes around the value so styles containing double quotes stay one attribute.
    expect(render(`<span style='${style}'>x</span>`)).toBe('<p><span>x</span></p>\n')
  })

  it('drops style on tags that may not carry it', () => {
    expect(render('<a href="/x" style="float: left">a</a>')).toBe('<p><a href="/x">a</a></p>\n')
  })
})

describe('code blocks', () => {
  it.each([
    ['<code class="language-js hljs other">x</code>', '<code class="language-js hljs">x</code>'],
    ['<code class="evil">x</code>', '<code>x</code>'],
    ['<code class="xhljs language">x</code>', '<code>x</code>'],
    ['<span class="hljs-keyword evil">x</span>', '<span class="hljs-keyword">x</span>'],
    ['<span class="language-c++">x</span>', '<span class="language-c++">x</span>'],
    ['<pre class="hljs">x</pre>', '<pre>x</pre>'],
    ['<div class="hljs">x</div>', '<div>x</div>'],
  ])('filters classes: %s', (input, expected) => {
    expect(render(input)).toContain(expected)
  })

  const samples: Record<HighlightLanguage, string> = {
    javascript: 'const answer = "forty-two" // comment',
    python: 'def answer():\n    return "forty-two"',
    lua: 'local answer = "forty-two" -- comment',
    java: 'public class Answer { String value = "forty-two"; }',
    kotlin: 'fun main() { val answer = "forty-two" }',
    scala: 'object Answer { val value = "forty-two" }',
    groovy: 'def answer = "forty-two"',
    gradle: "dependencies { implementation 'net.example:mod:1.0' }",
    json: '{ "answer": 42 }',
    ini: '[section]\nanswer = "forty-two"',
    yaml: 'answer: forty-two # comment',
    xml: '<mod id="answer" version="42"/>',
    properties: '# comment\nanswer=forty-two',
  }

  it.each(HIGHLIGHT_LANGUAGES)('highlights %s', (language) => {
    const html = render(`\`\`\`${language}\n${samples[language]}\n\`\`\``)
    expect(html).toMatch(new RegExp(`^<pre><code class="hljs language-${language}">`))
    expect(html).toContain('<span class="hljs-')
    expectSafe(html)
  })

  it.each(Object.entries(HIGHLIGHT_ALIASES))('highlights the alias %s as %s', (alias, language) => {
    const html = render(`\`\`\`${alias}\n${samples[language]}\n\`\`\``)
    expect(html).toMatch(new RegExp(`^<pre><code class="hljs language-${language}">`))
    expect(html).toContain('<span class="hljs-')
  })

  it('matches language names case-insensitively', () => {
    expect(render('```JS\nconst a = 1\n```')).toMatch(/^<pre><code class="hljs language-javascript">/)
  })

  it.each(['brainfuck', 'jsx', 'svg', 'kts', 'rust', 'constructor', '__proto__'])('shows %s as plain escaped code', (language) => {
    const html = render(`\`\`\`${language}\nif (a < b && c > d) { "x" }\n\`\`\``)
    expect(html).toBe(`<pre><code class="language-${language}">if (a &lt; b &amp;&amp; c &gt; d) { &quot;x&quot; }\n</code></pre>\n`)
  })

  it('shows fences without a language as plain escaped code', () => {
    expect(render('```\n<b>not bold</b>\n```')).toBe('<pre><code>&lt;b&gt;not bold&lt;/b&gt;\n</code></pre>\n')
  })

  it('keeps code from breaking out of its block', () => {
    const html = render('```js\n</code></pre><script>alert(1)</script>\n```')
    expect(html).not.toContain('<script')
    expectSafe(html)
  })

  it('exposes the highlighter with the same language rules', () => {
    expect(highlightCode('x = 1', 'py')?.language).toBe('python')
    expect(highlightCode('x = 1', 'jsx')).toBeNull()
    expect(resolveHighlightLanguage('YML')).toBe('yaml')
    expect(resolveHighlightLanguage('toString')).toBeNull()
  })
})

describe('media sources', () => {
  it.each([...MEDIA_HOSTS])('uses images from %s directly', (host) => {
    const src = `https://${host}/path/image.png`
    expect(render(`<img src="${src}">`)).toContain(`<img src="${src}">`)
  })

  it.each([
    'https://blockforge.test/media/a.png',
    'https://www.blockforge.test/media/a.png',
    'http://blockforge.test/media/a.png',
    '/media/a.png',
    'media/a.png',
    '../a.png',
  ])('uses the site\'s own image %s directly', (src) => {
    expect(render(`<img src="${src}">`)).toContain(`<img src="${src}">`)
  })

  it.each([
    ['https://evil.example/a.png', 'https://evil.example/a.png'],
    ['http://evil.example/a.png?x=1&amp;y=2', 'http://evil.example/a.png?x=1&y=2'],
    ['//evil.example/a.png', 'https://evil.example/a.png'],
    ['https://i.imgur.com.evil.example/a.png', 'https://i.imgur.com.evil.example/a.png'],
    ['https://evili.imgur.com/a.png', 'https://evili.imgur.com/a.png'],
    ['https://cdn.modrinth.com@evil.example/a.png', 'https://cdn.modrinth.com@evil.example/a.png'],
    ['https://cdn.blockforge.test/a.png', 'https://cdn.blockforge.test/a.png'],
    ['https://blockforge.test.evil.example/a.png', 'https://blockforge.test.evil.example/a.png'],
  ])('proxies the image %s', (src, target) => {
    expect(render(`<img src="${src}">`)).toContain(`<img src="${proxied(target)}">`)
  })

  it('builds the proxy URL', () => {
    expect(proxyImageUrl('https://evil.example/a b.png?x=1&y=2')).toBe('https://wsrv.nl/?url=https%3A%2F%2Fevil.example%2Fa%20b.png%3Fx%3D1%26y%3D2&n=-1')
  })

  it('proxies markdown images too', () => {
    expect(render('![Alt](https://evil.example/a.png "Title")')).toBe(`<p><img src="${proxied('https://evil.example/a.png')}" alt="Alt" title="Title"></p>\n`)
  })

  it('strips the redirect parameters of direct wsrv.nl URLs', () => {
    expect(render('<img src="https://wsrv.nl/?url=a.png&errorredirect=https://evil.example&default=https://evil.example/x&w=64">')).toContain(
      `<img src="${attr('https://wsrv.nl/?url=a.png&w=64')}">`,
    )
  })

  it('applies the same rules to video, audio and source sources', () => {
    expect(render('<video src="https://evil.example/a.mp4"></video>')).toContain(`<video src="${proxied('https://evil.example/a.mp4')}">`)
    expect(render('<audio src="https://cdn.modrinth.com/a.ogg"></audio>')).toContain('<audio src="https://cdn.modrinth.com/a.ogg">')
    expect(render('<video><source src="https://evil.example/a.webm"></video>')).toContain(`<source src="${proxied('https://evil.example/a.webm')}">`)
  })

  it('checks every srcset candidate', () => {
    const html = render('<picture><source srcset="https://evil.example/a.png 1x, https://i.imgur.com/b.png 2x, javascript:alert(1) 3x, /c.png 480w, /d.png evil"></picture>')
    expect(html).toContain(`<source srcset="${proxied('https://evil.example/a.png')} 1x, https://i.imgur.com/b.png 2x, /c.png 480w">`)
  })

  it('drops a srcset with no acceptable candidate', () => {
    expect(render('<picture><source srcset="javascript:alert(1) 1x"></picture>')).toContain('<picture><source></picture>')
  })
})

describe('URL schemes', () => {
  const rejected = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'jav&#9;ascript:alert(1)',
    'java&NewLine;script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#0000106&#0000097vascript:alert(1)',
    'javascript&colon;alert(1)',
    'javascript&#58;alert(1)',
    '&#1;javascript:alert(1)',
    'java\0script:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'file:///etc/passwd',
    'FILE://server/share',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:text/html,<script>alert(1)</script>',
    'steam://run/4000',
    'ftp://example.com/file',
    'livescript:alert(1)',
  ]

  it.each(rejected)('removes the link target %s', (href) => {
    const html = render(`<a href="${href}">x</a>`)
    expect(html).toBe('<p><a>x</a></p>\n')
  })

  // An HTML tag alone on its line is an HTML block (CommonMark rule 7), hence no <p> around images here.
  it.each(rejected)('removes the image source %s', (src) => {
    expect(render(`<img src="${src}">`)).toBe('<img>')
  })

  it.each(['javascript:alert(1)', 'vbscript:msgbox(1)', 'file:///etc/passwd', 'data:text/html;base64,PHNjcmlwdD4='])(
    'does not link markdown to %s',
    (url) => {
      for (const source of [`[x](${url})`, `![x](${url})`, `<${url}>`, `[x]: ${url}\n\n[x]`]) {
        const html = render(source)
        expect(html).not.toMatch(/(href|src)="(javascript|vbscript|file|data):/i)
        expectSafe(html)
      }
    },
  )

  it.each(['gif', 'png', 'jpeg', 'webp'])('allows base64 data images of type %s', (type) => {
    const src = `data:image/${type};base64,R0lGODlhAQABAAAAACw=`
    expect(render(`<img src="${src}">`)).toBe(`<img src="${src}">`)
    expect(render(`![pixel](${src})`)).toBe(`<p><img src="${src}" alt="pixel"></p>\n`)
  })

  it.each([
    'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'data:image/bmp;base64,Qk0=',
    'data:image/x-icon;base64,AAAB',
    'data:image/tiff;base64,SUkq',
    'data:image/png,rawbytes',
    'data:image/png;charset=utf-8;base64,iVBORw0K',
    'data:image/png;base64,<script>',
    'data:image/pngx;base64,iVBORw0K',
  ])('rejects the data image %s', (src) => {
    expect(render(`<img src="${src}">`)).toBe('<img>')
  })

  it('rejects data images as link targets', () => {
    expect(render('<a href="data:image/png;base64,iVBORw0K">x</a>')).toBe('<p><a>x</a></p>\n')
  })

  it.each([
    ['mailto:team@blockforge.test', true],
    ['tel:+15555550100', true],
    ['https://example.com/a?b=1&amp;c=2#d', true],
    ['http://example.com', true],
    ['/projects?q=1', false],
    ['projects/abc', false],
    ['#installation', false],
    ['?page=2', false],
  ])('keeps the link target %s', (href, external) => {
    const html = render(`<a href="${href}">x</a>`)
    expect(html).toBe(`<p><a href="${href}"${external ? ` rel="${EXTERNAL_LINK_REL}"` : ''}>x</a></p>\n`)
  })

  it('re-escapes kept URLs so they read exactly as checked', () => {
    expect(render('<a href="/search?q=&quot;x&quot;&amp;a=&lt;b&gt;">x</a>')).toBe('<p><a href="/search?q=&quot;x&quot;&amp;a=&lt;b&gt;">x</a></p>\n')
    // An entity the decoder does not know stays literal text, never a hidden character.
    expect(render('<a href="/a&Unknown;b">x</a>')).toBe('<p><a href="/a&amp;Unknown;b">x</a></p>\n')
  })
})

describe('link rel', () => {
  it.each([
    'https://example.com',
    'https://cdn.blockforge.test/x',
    'https://blockforge.test.evil.example/x',
    'https://evil.example/?blockforge.test',
    'https://blockforge.test@evil.example/x',
    'mailto:a@blockforge.test',
    '//evil.example/x',
  ])('marks %s as external', (href) => {
    const link = firstTag(render(`<a href="${href}">x</a>`), 'a')
    expect(link.attributes.get('rel')).toBe('noopener nofollow ugc')
  })

  it.each(['https://blockforge.test/x', 'http://blockforge.test', 'https://www.blockforge.test/x', 'https://BLOCKFORGE.test/x', '/x', '#top', '//blockforge.test/x'])(
    'leaves links to the own domain (%s) without rel',
    (href) => {
      const link = firstTag(render(`<a href="${href}">x</a>`), 'a')
      expect(link.attributes.has('href')).toBe(true)
      expect(link.attributes.has('rel')).toBe(false)
    },
  )

  it('applies to markdown links, autolinks and linkified URLs alike', () => {
    const html = render('[a](https://example.com) <https://example.org> https://example.net [own](https://blockforge.test/p)')
    expect(countOf(html, `rel="${EXTERNAL_LINK_REL}"`)).toBe(3)
    expect(html).toContain('<a href="https://blockforge.test/p">own</a>')
  })

  it('replaces a rel given in the HTML', () => {
    expect(render('<a href="https://example.com" rel="opener">x</a>')).toBe(`<p><a href="https://example.com" rel="${EXTERNAL_LINK_REL}">x</a></p>\n`)
    expect(render('<a href="/x" rel="opener">x</a>')).toBe('<p><a href="/x">x</a></p>\n')
  })

  it('normalises the configured site host', () => {
    expect(renderMarkdown('[a](https://blockforge.test/x)', { siteHost: 'BlockForge.test:3000' })).toBe('<p><a href="https://blockforge.test/x">a</a></p>\n')
  })

  describe('default site host', () => {
    const saved = process.env.SITE_URL
    afterEach(() => {
      if (saved === undefined) delete process.env.SITE_URL
      else process.env.SITE_URL = saved
    })

    it('comes from SITE_URL', () => {
      process.env.SITE_URL = 'https://addons.example.org/'
      expect(renderMarkdown('[a](https://addons.example.org/x) [w](http://www.addons.example.org/y) [b](https://example.com)')).toBe(
        `<p><a href="/x">a</a> <a href="http://www.addons.example.org/y">w</a> <a href="https://example.com" rel="${EXTERNAL_LINK_REL}">b</a></p>\n`,
      )
    })

    it('is localhost without SITE_URL', () => {
      delete process.env.SITE_URL
      expect(renderMarkdown('[a](http://localhost:3000/x)')).toBe('<p><a href="/x">a</a></p>\n')
      expect(renderMarkdown('<img src="http://localhost:3000/media/a.png">')).toBe('<img src="/media/a.png">')
      expect(renderMarkdown('<img src="http://localhost:4000/media/a.png">')).toBe('<img src="http://localhost:4000/media/a.png">')
    })
  })
})

describe('URLs on the site\'s own origin (issue 34 item 7)', () => {
  const saved = process.env.SITE_URL
  afterEach(() => {
    if (saved === undefined) delete process.env.SITE_URL
    else process.env.SITE_URL = saved
  })
  const site = { siteHost: 'blockforge.test', siteOrigin: 'https://blockforge.test' }

  it('renders an image stored site-relative (what the editor inserts) without a host', () => {
    expect(renderMarkdown('![Shot](/api/images/file/shot-1280x720.webp)', site)).toBe('<p><img src="/api/images/file/shot-1280x720.webp" alt="Shot"></p>\n')
  })

  it('writes existing absolute links and media on SITE_URL site-relative, so any host name serves them', () => {
    process.env.SITE_URL = 'http://localhost:3000'
    const html = renderMarkdown('![Shot](http://localhost:3000/api/images/file/shot.png?v=2) [full](http://localhost:3000/api/images/file/shot.png#top)')
    expect(html).toBe('<p><img src="/api/images/file/shot.png?v=2" alt="Shot"> <a href="/api/images/file/shot.png#top">full</a></p>\n')
    expect(html).not.toContain('localhost')
    expect(renderMarkdown('<picture><source srcset="http://localhost:3000/a.png 1x, http://localhost:3000/b.png 2x"></picture>')).toContain('<source srcset="/a.png 1x, /b.png 2x">')
  })

  it('keeps the same host on another scheme or port, and relative URLs, as written', () => {
    expect(renderMarkdown('<img src="http://blockforge.test/a.png">', site)).toBe('<img src="http://blockforge.test/a.png">')
    expect(renderMarkdown('<img src="https://blockforge.test:8443/a.png">', site)).toBe('<img src="https://blockforge.test:8443/a.png">')
    expect(renderMarkdown('<img src="media/a.png"> <img src="//blockforge.test/a.png">', site)).toBe('<p><img src="media/a.png"> <img src="//blockforge.test/a.png"></p>\n')
  })

  it('never turns a path into another host', () => {
    expect(renderMarkdown('<img src="https://blockforge.test//evil.example/a.png">', site)).toBe('<img src="https://blockforge.test//evil.example/a.png">')
    expect(renderMarkdown('[x](https://blockforge.test//evil.example/)', site)).toBe('<p><a href="https://blockforge.test//evil.example/">x</a></p>\n')
  })

  it('leaves them absolute when asked (feeds are read off the site)', () => {
    expect(renderMarkdown('![a](https://blockforge.test/api/images/file/a.png)', { ...site, siteOrigin: null })).toBe(
      '<p><img src="https://blockforge.test/api/images/file/a.png" alt="a"></p>\n',
    )
  })
})

describe('nesting', () => {
  it('stops nesting markdown at the limit instead of recursing', () => {
    const html = render(`${'>'.repeat(500)} deep`)
    expect(countOf(html, '<blockquote>')).toBeGreaterThan(0)
    expect(countOf(html, '<blockquote>')).toBeLessThanOrEqual(MAX_NESTING)
    expect(countOf(html, '<blockquote>')).toBe(countOf(html, '</blockquote>'))
  })

  it('handles deeply nested lists', () => {
    const source = Array.from({ length: 300 }, (_, depth) => `${'  '.repeat(depth)}- level ${depth}`).join('\n')
    const html = render(source)
    expect(countOf(html, '<ul>')).toBeLessThanOrEqual(MAX_NESTING)
    expectSafe(html)
  })

  it('handles pathological inline nesting', () => {
    for (const source of ['*'.repeat(20_000) + 'x', '['.repeat(20_000), '**_'.repeat(5_000) + 'x', '<b>'.repeat(20_000)]) {
      expectSafe(render(source))
    }
  })

  it('caps raw HTML depth and keeps the content', () => {
    const depth = 50_000
    const started = Date.now()
    const html = render(`${'<div>'.repeat(depth)}core${'</div>'.repeat(depth)} after`)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(countOf(html, '<div>')).toBe(MAX_NESTING)
    expect(countOf(html, '</div>')).toBe(MAX_NESTING)
    expect(html).toContain('core')
    expect(html).toContain('after')
    expect(html.indexOf('after')).toBeGreaterThan(html.lastIndexOf('</div>'))
  })

  it('does not let the closing tag of an unwrapped element close an outer one', () => {
    const html = render(`<section-free>${'<div>'.repeat(MAX_NESTING + 5)}x${'</div>'.repeat(MAX_NESTING + 5)}<b>after</b>`)
    expect(html.endsWith('</div><b>after</b></p>\n')).toBe(true)
    expect(countOf(html, '<div>')).toBe(countOf(html, '</div>'))
  })

  it('drops stray closing tags so content cannot close the page layout', () => {
    expect(render('</div></section></main></body>text')).toBe('&lt;/section&gt;&lt;/main&gt;&lt;/body&gt;text')
    expect(render('<p>one</div></p>')).toBe('<p>one</p>')
  })

  it('closes elements left open, at their parent or at the end', () => {
    expect(render('<div><b>bold <i>both')).toBe('<div><b>bold <i>both</i></b></div>')
    expect(render('<div><span>x</div>after')).toBe('<div><span>x</span></div>after')
  })
})

describe('XSS classics', () => {
  const payloads = [
    '<img src=x onerror=alert(1)>',
    '<img src="x" onerror="alert(1)">',
    '<IMG SRC=# onmouseover="alert(1)">',
    '<img src=x:alert(alt) onerror=eval(src) alt=0>',
    '<img """><script>alert(1)</script>">',
    '<script>alert(1)</script>',
    '<script src="https://evil.example/x.js"></script>',
    '<SCRIPT>alert(String.fromCharCode(88,83,83))</SCRIPT>',
    '<svg onload=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="  javascript:alert(1)">x</a>',
    '<a href="jav\tascript:alert(1)">x</a>',
    '<a href=javascript:alert(1)>x</a>',
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '![x](javascript:alert(1))',
    '<img src="javascript:alert(1)">',
    '<img src=`javascript:alert(1)`>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<body onload=alert(1)>',
    '<details open ontoggle=alert(1)>',
    '<video><source onerror="alert(1)"></video>',
    '<audio src=x onerror=alert(1)>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<form action="javascript:alert(1)"><input type=submit></form>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<link rel="stylesheet" href="javascript:alert(1)">',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<div style="width: expression(alert(1))">x</div>',
    '<style>@import "javascript:alert(1)";</style>',
    '<a href="https://example.com" onclick="alert(1)">x</a>',
    '<a title="x" onmouseover="alert(1)">x</a>',
    `<a title='x" onmouseover="alert(1)'>x</a>`,
    '<div/onmouseover="alert(1)">x</div>',
    '<img/src="x"/onerror="alert(1)">',
    '<p><!--<img src="--><img src=x onerror=alert(1)//">--></p>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    '<x onclick=alert(1)>click</x>',
    '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
    '<input autofocus onfocus=alert(1)>',
    '<marquee onstart=alert(1)>x</marquee>',
    '<isindex action=javascript:alert(1) type=image>',
    '"><script>alert(1)</script>',
  ]

  it.each(payloads)('neutralises %s', (payload) => {
    const html = render(payload)
    expectSafe(html)
    expect(html).not.toMatch(/<(script|svg|math|object|embed|form|input|meta|base|link|style|body|noscript|marquee|isindex)[\s>/]/i)
    for (const { attributes } of parseOutput(html).tags) {
      for (const name of attributes.keys()) expect(name.startsWith('on'), `event handler ${name}`).toBe(false)
    }
  })

  it('holds the invariants for every payload wrapped in markdown structure too', () => {
    for (const payload of payloads) {
      expectSafe(render(`> - ${payload}\n>   1. **${payload}**\n\n| ${payload} |\n|---|\n| ${payload} |`))
    }
  })
})
