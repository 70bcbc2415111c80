import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { FeatureGrid, LandingHero } from '@/components/landing/LandingHero'
import { ArticleCard } from '@/components/news/ArticleCard'
import { currentViewer } from '@/lib/data/currentViewer'
import { APP_NEWS_LIMIT, listPublishedNews } from '@/lib/data/news'
import { env } from '@/lib/env'
import { changelogFilterPath } from '@/lib/news/paths'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AppPage')
  return { title: t('metaTitle'), description: t('lead'), alternates: { canonical: '/app' } }
}

/** /app (spec §2 "Other"): the desktop app, with its latest news (at most 4 articles, spec §9). */
export default async function AppPage() {
  const [t, viewer] = await Promise.all([getTranslations('AppPage'), currentViewer()])
  const { articles } = await listPublishedNews(viewer, 1, APP_NEWS_LIMIT)
  const download = env.appDownloadUrl()
  return (
    <div className="container landing-page">
      <LandingHero eyebrow={t('eyebrow')} title={t('title')} lead={t('lead')}>
        {download ? (
          <a href={download} className="button button--primary">
            {t('download')}
          </a>
        ) : (
          <p className="landing-note">{t('noDownload')}</p>
        )}
        <Link href={changelogFilterPath('app')} className="button button--secondary">
          {t('changelog')}
        </Link>
      </LandingHero>
      <FeatureGrid heading={t('featuresHeading')} items={(['instances', 'updates', 'modpacks', 'offline'] as const).map((k) => ({ title: t(`features.${k}.title`), body: t(`features.${k}.body`) }))} />
      <section className="landing-section" aria-labelledby="app-news">
        <h2 id="app-news" className="landing-section__title">
          {t('newsHeading')}
        </h2>
        {articles.length ? (
          <div className="landing-news">
            {articles.map((a) => (
              <ArticleCard key={a.id} article={a} headingLevel={3} />
            ))}
          </div>
        ) : (
          <p className="landing-note">{t('noNews')}</p>
        )}
        <p>
          <Link href="/news">{t('allNews')}</Link>
        </p>
      </section>
    </div>
  )
}
