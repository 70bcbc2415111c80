/**
 * Issue 34 item 1: thread messages render their Markdown (a moderator checklist's message is a
 * list), through the site's one sanitizer, on the site and in the admin (both use ThreadView).
 */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'

import { ThreadView } from '@/components/moderation/ThreadView'
import type { ThreadEntry } from '@/lib/data/moderation'
import { composeMessage } from '@/lib/moderation/checklist'

vi.mock('next-intl/server', () => ({
  getTranslations: async () => Object.assign((key: string) => key, { has: () => false }),
  getFormatter: async () => ({ dateTime: () => 'a date' }),
}))
vi.mock('@/lib/cosmetics/server', () => ({ readCosmetic: async () => false }))

/** Server components resolved (awaited) into plain elements, for renderToStaticMarkup. */
async function resolve(node: ReactNode): Promise<ReactNode> {
  if (Array.isArray(node)) return Promise.all(node.map(resolve))
  if (!isValidElement(node)) return node
  const element = node as ReactElement<{ children?: ReactNode }>
  if (typeof element.type === 'function') return resolve(await (element.type as (p: unknown) => ReactNode | Promise<ReactNode>)(element.props))
  const children = element.props.children
  if (children === undefined) return element
  const resolved = await resolve(children)
  return cloneElement(element, undefined, ...(Array.isArray(children) ? (resolved as ReactNode[]) : [resolved]))
}

const entry = (text: string, extra: Partial<ThreadEntry> = {}): ThreadEntry => ({
  id: `m${Math.random().toString(36).slice(2, 8)}`,
  type: 'text',
  text,
  private: false,
  author: { username: 'mod', staff: true },
  oldStatus: null,
  newStatus: null,
  created: '2026-11-28T10:00:00.000Z',
  ...extra,
})

const render = async (messages: ThreadEntry[]) => renderToStaticMarkup((await resolve(await ThreadView({ thread: { messages }, label: 'Thread' }))) as ReactElement)

describe('thread messages render Markdown', () => {
  it('a checklist message’s problems are a list, not literal "- " lines', async () => {
    const message = composeMessage('Thanks for submitting your project! Please fix the following:', ['The summary repeats the title.', 'Add a **license**.'])
    const html = await render([entry(message)])
    expect(html).toContain('<ul>')
    expect(html).toMatch(/<ul>\s*<li>The summary repeats the title\.<\/li>\s*<li>Add a <strong>license<\/strong>\.<\/li>\s*<\/ul>/)
    expect(html).toContain('<p>Thanks for submitting your project! Please fix the following:</p>')
    expect(html).not.toContain('- The summary')
    expect(html).toMatch(/<div class="markdown-body moderation-message__text">/)
  })

  it('through the sanitizer: no script, no event handlers, no javascript: links', async () => {
    const html = await render([entry('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[x](javascript:alert(3))')])
    expect(html).not.toMatch(/<script|onerror|href="javascript:/i)
    expect(html).toContain('&lt;script&gt;')
  })

  it('status records stay as they were', async () => {
    const html = await render([entry('', { type: 'status_change', oldStatus: 'processing', newStatus: 'rejected' })])
    expect(html).toContain('moderation-message__status')
    expect(html).not.toContain('markdown-body')
  })
})
