import type { Block } from 'payload'

export const CalloutBlock: Block = {
  slug: 'callout',
  interfaceName: 'CalloutBlock',
  fields: [
    { name: 'tone', type: 'select', required: true, defaultValue: 'info', options: ['info', 'tip', 'warning', 'critical'] },
    { name: 'title', type: 'text' },
    { name: 'text', type: 'textarea', required: true },
  ],
}
