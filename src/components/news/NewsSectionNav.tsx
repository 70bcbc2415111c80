import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { CHANGELOG_PATH, NEWS_PATH } from '@/lib/news/paths'

/** Articles | Changelog: the two halves of /news. */
export async function NewsSectionNav({ current }: { current: 'articles' | 'changelog' }) {
  const t = await getTranslations('News')
  return (
    <nav className="news-tabs" aria-label={t('sectionNav')}>
      <Link href={NEWS_PATH} className="news-tabs__tab" aria-current={current === 'articles' ? 'page' : undefined}>
        {t('articles')}
      </Link>
      <Link href={CHANGELOG_PATH} className="news-tabs__tab" aria-current={current === 'changelog' ? 'page' : undefined}>
        {t('changelog')}
      </Link>
    </nav>
  )
}
