'use client'

import { RefreshRouteOnSave, useLivePreview } from '@payloadcms/live-preview-react'
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { RichText, type JSXConverters } from '@payloadcms/richtext-lexical/react'
import { useRouter } from 'next/navigation'
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'

import { previewMarkdownAction } from './actions'

/** A document as the admin's form holds it (only the fields the preview shows are read). */
type LiveDoc = Record<string, unknown> & { id: string }

/** The live document, and the server-rendered one it started as (to tell an edit from the first paint). */
const LiveData = createContext<{ data: LiveDoc; initial: LiveDoc } | null>(null)

/**
 * In the admin panel's live preview: the page follows the form as the editor types (Payload posts
 * the form's data to this frame; `useLivePreview` merges it, relationships filled at depth 1, and
 * the `Live…` parts below render it), and reloads the server-rendered page when the editor saves.
 * `serverURL` is the origin of the admin panel, whose messages alone are listened to. Rendered for
 * news editors' previews only: visitors get the plain server-rendered page.
 */
export function LivePreview({ serverURL, initialData, children }: { serverURL: string; initialData: LiveDoc; children: ReactNode }) {
  const router = useRouter()
  const { data } = useLivePreview<LiveDoc>({
    serverURL,
    initialData,
    depth: 1,
  })
  const value = useMemo(() => ({ data, initial: initialData }), [data, initialData])
  return (
    <LiveData.Provider value={value}>
      {children}
      <RefreshRouteOnSave refresh={() => router.refresh()} serverURL={serverURL} />
    </LiveData.Provider>
  )
}

/** A text field of the live document (the server's text until the form has sent one). */
export function LiveText({ field, children }: { field: string; children: ReactNode }) {
  const live = useContext(LiveData)
  const value = live?.data[field]
  return <>{typeof value === 'string' ? value : children}</>
}

/** Shown while the form has no value for `field` (an empty optional field hides its line). */
export function LiveIf({ field, children }: { field: string; children: ReactNode }) {
  const live = useContext(LiveData)
  const value = live ? live.data[field] : 'server'
  return typeof value === 'string' && value ? <>{children}</> : null
}

/**
 * The article's Lexical body: the server's rendering until the editor changes it, then the live
 * text through the same converters as RichTextBody (paragraphs, headings, lists, links, uploads).
 * Blocks are server components (their images, code highlighting and translations are read on the
 * server): each block already saved is shown as the server rendered it (`blocks`, by block id), a
 * block added since the last save appears once it is saved.
 */
export function LiveRichText({ field, blocks, className, children }: { field: string; blocks: Record<string, ReactNode>; className: string; children: ReactNode }) {
  const live = useContext(LiveData)
  const converters = useMemo<(args: { defaultConverters: JSXConverters }) => JSXConverters>(
    () =>
      ({ defaultConverters }) => ({
        ...defaultConverters,
        blocks: {},
        unknown: ({ node }: { node: { type: string; fields?: { id?: string } } }) => (node.type === 'block' && node.fields?.id ? (blocks[node.fields.id] ?? null) : null),
      }),
    [blocks],
  )
  const value = live?.data[field]
  if (!live || value === live.initial[field] || !value || typeof value !== 'object') return <>{children}</>
  return <RichText data={value as SerializedEditorState} converters={converters} className={className} />
}

/**
 * A Markdown field of the live document (a changelog entry's body): the server's rendering until the
 * editor changes it, then the typed text rendered by the site's one Markdown sanitizer on the server
 * (a server action for editors; the latest answer wins).
 */
export function LiveMarkdown({ field, className, children }: { field: string; className: string; children: ReactNode }) {
  const live = useContext(LiveData)
  const value = live?.data[field]
  const changed = !!live && typeof value === 'string' && value !== live.initial[field]
  const [html, setHtml] = useState<{ source: string; html: string } | null>(null)
  useEffect(() => {
    if (!changed) return
    let current = true
    void previewMarkdownAction(value).then((rendered) => {
      if (current && rendered !== null) setHtml({ source: value, html: rendered })
    })
    return () => {
      current = false
    }
  }, [changed, value])
  if (!changed || !html) return <>{children}</>
  return <div className={`markdown-body ${className}`} dangerouslySetInnerHTML={{ __html: html.html }} />
}
