import { highlightCode } from '@/lib/markdown'
import type { CodeBlock } from '@/payload-types'

/**
 * A code block, highlighted on the server with the site's own highlight.js instance (its grammars
 * only). highlight.js escapes the code, so its HTML is safe to insert; other languages show as text.
 */
export function CodeBlockView({ block }: { block: CodeBlock }) {
  const highlighted = block.language && block.language !== 'text' ? highlightCode(block.code, block.language) : null
  return (
    <pre className="article-code" data-block="code" tabIndex={0}>
      {highlighted ? (
        <code className={`hljs language-${highlighted.language}`} dangerouslySetInnerHTML={{ __html: highlighted.html }} />
      ) : (
        <code>{block.code}</code>
      )}
    </pre>
  )
}
