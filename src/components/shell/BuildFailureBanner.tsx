import { getTranslations } from 'next-intl/server'

import { env } from '@/lib/env'

import { siteDataMonitor } from './siteDataMonitor'

/**
 * The build-failure banner (spec §2, §8: it "shows error codes and the API URL"). Shown while the
 * site's generated data, the tag lists, cannot be read or is empty: search filters, tag labels and
 * icons are then missing. Rendered in its own Suspense boundary, so a slow check never holds up the page.
 */
export async function BuildFailureBanner() {
  const problems = await siteDataMonitor.problems()
  if (problems.length === 0) return null
  const t = await getTranslations('Shell.buildFailure')
  return (
    <section className="site-banner site-banner--error" aria-label={t('title')} data-testid="build-failure-banner">
      <div className="container site-banner__inner">
        <div className="site-banner__text">
          <p>
            <strong>{t('title')}</strong> {t('text')}
          </p>
          <p className="site-banner__details">
            {t('codes')}{' '}
            {problems.map((p, i) => (
              <span key={p.source}>
                {i > 0 ? ', ' : ''}
                <code>
                  {p.source}: {p.code}
                </code>
              </span>
            ))}
            {' · '}
            {t('api')} <code>{`${env.siteUrl()}/v2`}</code>
          </p>
        </div>
      </div>
    </section>
  )
}
