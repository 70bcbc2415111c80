import type { Metadata } from 'next'
import Link from 'next/link'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'

import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { actorOf, isNewsEditor } from '@/access/core/roles'
import { env } from '@/lib/env'
import { servedOrigin } from '@/lib/http/servedOrigin'
import { NEWS_PATH, newsArticlePath, PREVIEW_PARAM } from '@/lib/news/paths'

import { newsFeedAlternates } from './feedAlternates'
import { LivePreviewRefresh } from './LivePreviewRefresh'
import { loadArticle, viewer } from './load'
import { NewsSectionNav } from './NewsSectionNav'
import { RichTextBody } from './RichTextBody'

export type ArticleRouteParams = Promise<{ slug: string }>
export type ArticleSearchParams = Promise<Record<string, string | string[] | undefined>>
type ArticleRouteProps = { params: ArticleRouteParams; searchParams: ArticleSearchParams }

/** `?preview=1`: the admin's live preview (the latest draft, for news editors only). */
const isPreview = async (searchParams: ArticleSearchParams) => (await searchParams)[PREVIEW_PARAM] === '1'

export async function articleMetadata({ params, searchParams }: ArticleRouteProps): Promise<Metadata> {
  const article = await loadArticle((await params).slug, await isPreview(searchParams))
  if (!article) return notFoundMetadata('generic')
  const t = await getTranslations('News')
  const url = newsArticlePath(article.slug)
  const images = article.thumbnail ? [{ url: article.thumbnail.url, alt: article.thumbnail.alt || article.title, width: article.thumbnail.width ?? undefined, height: article.thumbnail.height ?? undefined }] : undefined
  return {
    title: article.title,
    description: article.summary,
    alternates: { canonical: url, types: newsFeedAlternates(t('feedTitle')) },
    // Drafts are only seen by editors; keep them out of search engines all the same.
    robots: article.status === 'draft' ? { index: false, follow: false } : undefined,
    authors: article.authors.map((a) => ({ name: a.username, url: `/user/${encodeURIComponent(a.username)}` })),
    openGraph: {
      type: 'article',
      title: article.title,
      description: article.summary,
      url,
      publishedTime: article.publishedAt ?? undefined,
      modifiedTime: article.updatedAt,
      authors: article.authors.map((a) => a.username),
      images,
    },
    twitter: { card: images ? 'summary_large_image' : 'summary', title: article.title, description: article.summary, images: images?.map((i) => i.url) },
  }
}

/** `/news/article/{slug}`: a published article, or a draft for news editors; otherwise 404. */
export async function ArticlePage({ params, searchParams }: ArticleRouteProps) {
  const preview = await isPreview(searchParams)
  const article = await loadArticle((await params).slug, preview)
  if (!article) notFound()
  // Only an editor's preview reloads on save: anyone else was given the published version.
  const livePreview = preview && isNewsEditor(actorOf((await viewer()).req))
  const [t, format] = await Promise.all([getTranslations('News'), getFormatter()])

  return (
    <article className="container article-page" data-testid="news-article">
      <NewsSectionNav current="articles" />
      <p className="article-page__back">
        <Link href={NEWS_PATH}>{t('allNews')}</Link>
      </p>
      <header className="article-header">
        {article.status === 'draft' ? (
          <p className="article-draft" role="note">
            <strong>{t('draft')}</strong> {t('draftNotice')}
          </p>
        ) : null}
        <h1>{article.title}</h1>
        <p className="article-header__summary">{article.summary}</p>
        <p className="article-header__meta">
          {article.authors.length > 0 ? (
            <span>
              {t('by')}{' '}
              {article.authors.map((a, i) => (
                <span key={a.id}>
                  {i > 0 ? ', ' : null}
                  <Link href={`/user/${encodeURIComponent(a.username)}`}>{a.username}</Link>
                </span>
              ))}
            </span>
          ) : null}
          {article.publishedAt ? (
            <time dateTime={article.publishedAt}>{format.dateTime(new Date(article.publishedAt), { dateStyle: 'long' })}</time>
          ) : null}
        </p>
      </header>
      {article.thumbnail ? (
        <img className="article-thumb" src={article.thumbnail.url} alt={article.thumbnail.alt} width={article.thumbnail.width ?? undefined} height={article.thumbnail.height ?? undefined} />
      ) : null}
      <RichTextBody data={article.content} />
      {livePreview ? <LivePreviewRefresh serverURL={servedOrigin(await headers()) ?? env.siteUrl()} /> : null}
    </article>
  )
}
