/** Builds Lexical editor state for seeded news articles (paragraphs and blocks from src/blocks). */
type Node = Record<string, unknown>

const text = (t: string): Node => ({ type: 'text', version: 1, text: t, format: 0, detail: 0, mode: 'normal', style: '' })
export const paragraph = (t: string): Node => ({ type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, textFormat: 0, textStyle: '', children: [text(t)] })
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
