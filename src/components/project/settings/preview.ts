'use server'

import { renderMarkdown } from '@/lib/markdown'
import { BODY_MAX } from '@/lib/limits'
import { currentUser } from '@/lib/auth/guard'

/** The description preview: the same sanitizer as the project page (signed-in members only call it). */
export async function previewMarkdown(source: string): Promise<string> {
  if (!(await currentUser())) return ''
  if (typeof source !== 'string') return ''
  return renderMarkdown(source.slice(0, BODY_MAX))
}
