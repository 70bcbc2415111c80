import { getTranslations } from 'next-intl/server'

import { formatNumber } from '@/lib/format'

import { ProfileIcon } from '@/components/site/icons'

type Props = { locale: string; projects: number; downloads: number; followers: number }

/** Project count, download and follower totals. */
export async function Stats({ locale, projects, downloads, followers }: Props) {
  const t = await getTranslations('Profile')
  return (
    <ul className="profile-stats" aria-label={t('statsLabel')} data-testid="profile-stats">
      <li>
        <ProfileIcon name="box" size={18} />
        {t('projectCount', { formatted: formatNumber(projects, locale), count: projects })}
      </li>
      <li>
        <ProfileIcon name="download" size={18} />
        {t('downloads', { formatted: formatNumber(downloads, locale), count: downloads })}
      </li>
      <li>
        <ProfileIcon name="heart" size={18} />
        {t('followers', { formatted: formatNumber(followers, locale), count: followers })}
      </li>
    </ul>
  )
}
