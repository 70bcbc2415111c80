import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { ProjectCard } from '@/components/site/home/ProjectCard'
import { HeroArt } from '@/components/site/home/HeroArt'
import { HomeSearch } from '@/components/site/home/HomeSearch'
import { TypeGrid } from '@/components/site/home/TypeGrid'
import { homeLists } from '@/lib/data/home'
import { Icon } from '@/components/site/icons'
import { newsArticleHref, PUBLISH_HREF } from '@/components/site/links'

// Reads the database on every request (the build has no database).
export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const [meta, site] = await Promise.all([getTranslations('Metadata'), getTranslations('Site')])
  return { title: { absolute: meta('defaultTitle') }, description: site('description'), alternates: { canonical: '/' } }
}

export default async function HomePage() {
  const [t, locale, format, { featured, newest: projects, news }] = await Promise.all([getTranslations('Home'), getLocale(), getFormatter(), homeLists()])

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{t('heroEyebrow')}</p>
            <h1 id="hero-title" className="hero__title">
              {t('heroTitle')}
            </h1>
            <p className="hero__lead">{t('heroLead')}</p>
            <HomeSearch />
            <div className="hero__actions">
              <Link href="/mods" className="button button--primary button--large">
                {t('ctaMods')}
                <Icon name="arrowRight" size={18} />
              </Link>
              <Link href="/modpacks" className="button button--secondary button--large">
                {t('ctaModpacks')}
              </Link>
            </div>
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="section container" aria-labelledby="types-title">
        <header className="section__header">
          <h2 id="types-title" className="section__title">
            {t('typesHeading')}
          </h2>
          <p className="section__lead">{t('typesLead')}</p>
        </header>
        <TypeGrid />
      </section>

      {featured && featured.length > 0 ? (
        <section className="section container" aria-labelledby="featured-title">
          <header className="section__header">
            <h2 id="featured-title" className="section__title">
              {t('featuredHeading')}
            </h2>
            <p className="section__lead">{t('featuredLead')}</p>
          </header>
          <ul className="project-grid">
            {featured.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section container" aria-labelledby="newest-title">
        <header className="section__header">
          <h2 id="newest-title" className="section__title">
            {t('newestHeading')}
          </h2>
          <p className="section__lead">{t('newestLead')}</p>
        </header>
        {projects && projects.length > 0 ? (
          <ul className="project-grid">
            {projects.map((project) => (
              <li key={project.id}>
                <ProjectCard project={project} locale={locale} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-state">{projects ? t('newestEmpty') : t('newestUnavailable')}</p>
        )}
      </section>

      {news.length > 0 ? (
        <section className="section container" aria-labelledby="news-title">
          <header className="section__header section__header--row">
            <h2 id="news-title" className="section__title">
              {t('newsHeading')}
            </h2>
            <Link href="/news" className="section__more">
              {t('newsAll')}
              <Icon name="arrowRight" size={16} />
            </Link>
          </header>
          <ul className="news-list">
            {news.map((article) => (
              <li key={article.id} className="news-card">
                {article.publishedAt ? (
                  <time className="news-card__date" dateTime={article.publishedAt}>
                    {format.dateTime(new Date(article.publishedAt), { dateStyle: 'long' })}
                  </time>
                ) : null}
                <h3 className="news-card__title">
                  <Link href={newsArticleHref(article.slug)} className="news-card__link">
                    {article.title}
                  </Link>
                </h3>
                <p className="news-card__summary">{article.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="section container" aria-labelledby="publish-title">
        <div className="callout">
          <div>
            <h2 id="publish-title" className="callout__title">
              {t('publishHeading')}
            </h2>
            <p className="callout__lead">{t('publishLead')}</p>
          </div>
          <Link href={PUBLISH_HREF} className="button button--primary button--large">
            {t('publishCta')}
          </Link>
        </div>
      </section>
    </>
  )
}
