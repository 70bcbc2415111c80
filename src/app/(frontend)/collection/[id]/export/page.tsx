import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ExportPage } from '@/components/collections/ExportPage'
import { loadCollectionPage } from '@/components/profile/load'
import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'

// Reads the database on every request, as the visitor.
export const dynamic = 'force-dynamic'

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadCollectionPage((await params).id)
  if (!page) return notFoundMetadata('collection')
  const [t, tc] = await Promise.all([getTranslations('CollectionExport'), getTranslations('Collections')])
  return { title: t('metaTitle', { name: page.virtual ? tc('following.name') : page.collection.name }), robots: { index: false } }
}

export default async function CollectionExportRoute({ params, searchParams }: Props) {
  const [{ id }, search] = await Promise.all([params, searchParams])
  let key = id
  try {
    key = decodeURIComponent(id)
  } catch {
    /* as it came */
  }
  return <ExportPage id={key} search={search} />
}
