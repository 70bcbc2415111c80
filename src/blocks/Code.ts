import type { Block } from 'payload'

import { HIGHLIGHT_LANGUAGES } from '../lib/highlightLanguages'

export const CodeBlock: Block = {
  slug: 'code',
  interfaceName: 'CodeBlock',
  fields: [
    { name: 'language', type: 'select', defaultValue: 'text', options: ['text', ...HIGHLIGHT_LANGUAGES] },
    { name: 'code', type: 'code', required: true },
  ],
}
