import Link from 'next/link'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { getTagLabeler } from '@/components/search/labels'
import { CopyIdButton } from '@/components/shell/CopyIdButton'
import { Icon } from '@/components/site/icons'
import { collapseGameVersions, formatNumber, type GameVersionTag } from '@/lib/format'
import type { DisplayVersion, ProjectPageData } from '@/lib/data/page-project'
import { asChannel, versionPath } from '@/lib/project/versions'

import { ChannelBadge } from './ChannelBadge'

/** Rows of versions: channel badge, name and number (linking to the version page), compatibility, date, downloads, file. */
export async function VersionList({ data, versions, gameVersionTags }: { data: ProjectPageData; versions: DisplayVersion[]; gameVersionTags: GameVersionTag[] }) {
  const [t, tc, ts, format, locale, tagLabel] = await Promise.all([
    getTranslations('Project.versions'),
    getTranslations('Project.channel'),
    getTranslations('Project.status'),
    getFormatter(),
    getLocale(),
    getTagLabeler(),
  ])
  return (
    <div className="version-table">
      <div className="version-row version-row--head" aria-hidden="true">
        <span />
        <span>{t('colName')}</span>
        <span>{t('colGameVersions')}</span>
        <span>{t('colPlatforms')}</span>
        <span>{t('colPublished')}</span>
        <span>{t('colDownloads')}</span>
        <span />
      </div>
      <ol className="version-rows">
        {versions.map((v) => {
          const href = versionPath(data.path, v.urlKey)
          return (
            <li key={v.id} className="version-row" data-version-id={v.id}>
              <span className="version-row__channel">
                <ChannelBadge channel={v.versionType} label={tc(asChannel(v.versionType))} />
              </span>
              <span className="version-row__name">
                <Link href={href} className="version-row__link">
                  {v.name}
                </Link>
                <span className="version-row__number">
                  {v.versionNumber}
                  {v.status !== 'listed' ? <span className={`status-badge status-badge--small status-badge--${v.status}`}>{statusLabel(ts, v.status)}</span> : null}
                  {/* Team members (and staff) always get it (spec §6); others in developer mode. */}
                  <CopyIdButton id={v.id} kind="version" always={data.insider} compact />
                </span>
              </span>
              <span className="version-row__games">{collapseGameVersions(v.gameVersions, gameVersionTags)}</span>
              <span className="version-row__loaders">{v.loaders.map((l) => tagLabel(l)).join(', ')}</span>
              <span className="version-row__date">
                <time dateTime={v.datePublished} title={format.dateTime(new Date(v.datePublished), { dateStyle: 'full', timeStyle: 'short' })}>
                  {format.dateTime(new Date(v.datePublished), { dateStyle: 'medium' })}
                </time>
              </span>
              <span className="version-row__downloads">
                <Icon name="download" size={14} className="version-row__downloads-icon" />
                {formatNumber(v.downloads, locale)}
              </span>
              <span className="version-row__file">
                {v.primaryFile?.url ? (
                  <a href={v.primaryFile.url} className="icon-button icon-button--brand" download aria-label={t('downloadFile', { filename: v.primaryFile.filename })} title={v.primaryFile.filename}>
                    <Icon name="download" size={18} />
                  </a>
                ) : null}
              </span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

function statusLabel(ts: (key: never) => string, status: string): string {
  // Version statuses that have a project-status label read the same; others are shown as they are.
  const known = ['archived', 'draft', 'unlisted', 'scheduled', 'unknown']
  return known.includes(status) ? ts(status as never) : status
}
