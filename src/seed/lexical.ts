/** Builds Lexical editor state for seeded news articles (paragraphs and blocks from src/blocks). */
type Node = Record<string, unknown>

const text = (t: string): Node => ({ type: 'text', version: 1, text: t, format: 0, detail: 0, mode: 'normal', style: '' })
const link = (t: string, url: string): Node => ({ type: 'link', version: 3, direction: 'ltr', format: '', indent: 0, fields: { url, newTab: false, linkType: 'custom' }, children: [text(t)] })

/** A paragraph's text, with `[label](/site/path)` written as a link to that page of the site. */
function inline(t: string): Node[] {
  const nodes: Node[] = []
  let at = 0
  for (const m of t.matchAll(/\[([^\]]+)\]\((\/[^)\s]*)\)/g)) {
    if (m.index > at) nodes.push(text(t.slice(at, m.index)))
    nodes.push(link(m[1], m[2]))
    at = m.index + m[0].length
  }
  if (at < t.length || nodes.length === 0) nodes.push(text(t.slice(at)))
  return nodes
}

export const paragraph = (t: string): Node => ({ type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, textFormat: 0, textStyle: '', children: inline(t) })
export const heading = (t: string, tag = 'h2'): Node => ({ type: 'heading', tag, version: 1, direction: 'ltr', format: '', indent: 0, children: [text(t)] })

let blockSeq = 0
export const block = (blockType: string, fields: Record<string, unknown>): Node => ({
  type: 'block',
  version: 2,
  format: '',
  fields: { id: `seedblock${(++blockSeq).toString(16).padStart(15, '0')}`, blockName: '', blockType, ...fields },
})

export const editorState = (children: Node[]) => ({
  root: { type: 'root', version: 1, direction: 'ltr' as const, format: '' as const, indent: 0, children },
})
