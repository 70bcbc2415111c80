import { getTranslations } from 'next-intl/server'

import { prettifyTag } from '@/lib/search/tagLabel'

/** Display names of tags: the `SearchTags` messages, else the name made readable. */
export async function getTagLabeler(): Promise<(name: string) => string> {
  const t = await getTranslations('SearchTags')
  type Key = Parameters<typeof t>[0]
  return (name: string) => (t.has(name as Key) ? t(name as Key) : prettifyTag(name))
}
