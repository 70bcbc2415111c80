import type { Payload } from 'payload'

import { tagIconCss } from '../search/tagIcons'

/**
 * The stylesheet of every tag icon a search page of `projectType` can show (its categories and all
 * loaders), read as an anonymous visitor would. Served once as /tag-icons.css and cached by the
 * browser, instead of ~23 KB inlined twice (markup and RSC payload) in every search page.
 */
export async function loadTagIconCss(payload: Payload, projectType: string): Promise<string> {
  const read = { pagination: false, depth: 0, overrideAccess: false } as const
  const [categories, loaders] = await Promise.all([
    payload.find({ collection: 'categories', where: { projectType: { equals: projectType } }, select: { name: true, icon: true }, ...read }),
    payload.find({ collection: 'loaders', select: { icon: true }, ...read }),
  ])
  return tagIconCss([
    ...categories.docs.map((c) => ({ kind: 'category' as const, name: c.name, icon: c.icon })),
    ...loaders.docs.map((l) => ({ kind: 'loader' as const, name: l.id, icon: l.icon })),
  ])
}
