import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import type { NewsCard } from '@/lib/data/news'
import { newsArticlePath } from '@/lib/news/paths'

/** An article in the /news listing; the featured one is larger and shows its thumbnail first. */
export async function ArticleCard({ article, featured = false, headingLevel = 2 }: { article: NewsCard; featured?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const [format, t] = await Promise.all([getFormatter(), getTranslations('News')])
  const href = newsArticlePath(article.slug)
  return (
    <article className={`news-card${featured ? ' news-card--featured' : ''}`} data-testid={featured ? 'featured-article' : 'news-card'}>
      {article.thumbnail ? (
        <img className="news-card__thumb" src={article.thumbnail.url} alt="" width={article.thumbnail.width ?? undefined} height={article.thumbnail.height ?? undefined} loading={featured ? 'eager' : 'lazy'} />
      ) : null}
      <div className="news-card__text">
        {featured ? <p className="news-card__eyebrow">{t('featured')}</p> : null}
        <Heading className="news-card__title">
          <Link href={href}>{article.title}</Link>
        </Heading>
        <p className="news-card__summary">{article.summary}</p>
        {article.publishedAt ? (
          <p className="news-card__date">
            <time dateTime={article.publishedAt}>{format.dateTime(new Date(article.publishedAt), { dateStyle: 'long' })}</time>
          </p>
        ) : null}
      </div>
    </article>
  )
}
