import { getTranslations } from 'next-intl/server'

/** Visible links to a section's feeds (the same ones `<head>` announces). */
export async function FeedLinks({ rss, atom, label }: { rss: string; atom: string; label?: string }) {
  const t = await getTranslations('News')
  return (
    <p className="news-feeds">
      <span>{label ?? t('feeds')}:</span> <a href={rss}>{t('rssFeed')}</a> · <a href={atom}>{t('atomFeed')}</a>
    </p>
  )
}
