import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'

import { loadLegalPage } from '@/components/news/load'
import { RichTextBody } from '@/components/news/RichTextBody'
import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { LEGAL_SLUGS, legalHref } from '@/lib/legal'

export type LegalRouteParams = Promise<{ slug: string }>

export async function legalPageMetadata({ params }: { params: LegalRouteParams }): Promise<Metadata> {
  const page = await loadLegalPage((await params).slug)
  if (!page) return notFoundMetadata('generic')
  return { title: page.title, alternates: { canonical: `/legal/${page.slug}` }, openGraph: { type: 'website', title: page.title, url: `/legal/${page.slug}` } }
}

/** `/legal/{slug}`: an admin-edited text; a slug outside the fixed list, or not written yet, is a 404. */
export async function LegalPageView({ params }: { params: LegalRouteParams }) {
  const page = await loadLegalPage((await params).slug)
  if (!page) notFound()
  const [t, format] = await Promise.all([getTranslations('Legal'), getFormatter()])

  return (
    <div className="container legal-page" data-testid="legal-page">
      <nav className="legal-nav" aria-label={t('nav')}>
        <ul>
          {LEGAL_SLUGS.map((slug) => (
            <li key={slug}>
              <Link href={legalHref(slug)} aria-current={slug === page.slug ? 'page' : undefined}>
                {t(`titles.${slug}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <article className="legal-page__article">
        <h1>{page.title}</h1>
        <p className="legal-page__updated">
          {t('lastUpdated')}{' '}
          <time dateTime={page.updatedAt}>{format.dateTime(new Date(page.updatedAt), { dateStyle: 'long' })}</time>
        </p>
        <RichTextBody data={page.content as unknown as SerializedEditorState} />
      </article>
    </div>
  )
}
