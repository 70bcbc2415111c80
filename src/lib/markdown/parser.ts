import MarkdownIt, { type Options } from 'markdown-it'

import { highlightCode } from './highlight'
import { MAX_NESTING } from './whitelist'

/**
 * markdown-it configured like Modrinth's (spec §5): raw HTML allowed (the sanitizer decides what survives),
 * bare URLs linked, single newlines not turned into <br>.
 * `maxNesting` is a real markdown-it option missing from its typings, hence the widened type.
 */
const OPTIONS: Options & { maxNesting: number } = {
  html: true,
  linkify: true,
  breaks: false,
  maxNesting: MAX_NESTING,
  highlight: (code, languageName) => {
    const highlighted = highlightCode(code, languageName)
    // '' makes markdown-it escape the code itself and wrap it in <pre><code class="language-…">.
    if (!highlighted) return ''
    return `<pre><code class="hljs language-${highlighted.language}">${highlighted.html}</code></pre>`
  },
}

export const createMarkdownParser = (): MarkdownIt => new MarkdownIt('default', OPTIONS)
