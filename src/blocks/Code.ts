import type { Block } from 'payload'

import { HIGHLIGHT_LANGUAGES } from '../lib/highlightLanguages'

/**
 * A code sample, highlighted on the site in its language. The code is a plain textarea: Payload's
 * `code` field loads its editor (Monaco) from a CDN, which the admin's CSP (and a machine without
 * that network) refuses, so editors could not type one at all.
 */
export const CodeBlock: Block = {
  slug: 'code',
  interfaceName: 'CodeBlock',
  fields: [
    { name: 'language', type: 'select', defaultValue: 'text', options: ['text', ...HIGHLIGHT_LANGUAGES] },
    { name: 'code', type: 'textarea', required: true, admin: { rows: 8, className: 'code-block-source' } },
  ],
}
