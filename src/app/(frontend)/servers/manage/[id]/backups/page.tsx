import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'

import { AutoBackupForm } from '@/components/servers/backups/AutoBackupForm'
import { BackupsPanel } from '@/components/servers/backups/BackupsPanel'
import { BACKUPS_TEXT_KEYS, type BackupsText } from '@/components/servers/backups/text'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { backupsPage } from '@/lib/data/serverBackups'
import { BACKUP_INTERVALS } from '@/lib/hosting/backups'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('backups.title'), robots: { index: false } }
}

/** /servers/manage/{id}/backups: the server's backups, its slots and automatic backups. */
export default async function ServerBackupsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, format, viewer] = await Promise.all([getTranslations('Servers'), getFormatter(), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server || !viewer.user) notFound()
  const page = await backupsPage({ ...viewer, user: viewer.user }, { id, name: server.name })
  const text = Object.fromEntries(BACKUPS_TEXT_KEYS.map((k) => [k, t.raw(`backups.${k}`) as string])) as BackupsText
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  const dates = Object.fromEntries(page.items.map((b) => [b.id, { created: when(b.createdAt), expires: b.download.expires ? when(b.download.expires) : null }]))
  const usable = server.status !== 'suspended' && server.status !== 'unprovisioned'
  return (
    <>
      <section className="settings-card backups-page" aria-labelledby="server-backups">
        <h2 id="server-backups" className="settings-card__title">
          {t('backups.title')}
        </h2>
        <p className="backups__slots" data-testid="backup-slots">
          {t('backups.slotsRemaining', { count: page.remaining })} <span className="backups__hint">{t('backups.slotsOf', { slots: page.slots })}</span>
        </p>
        {page.nodeAnswered ? null : (
          <p className="form-error" role="alert">
            {t('backups.nodeDown')}
          </p>
        )}
        <BackupsPanel serverId={id} items={page.items} dates={dates} canCreate={usable && page.remaining > 0} text={text} />
      </section>
      <section className="settings-card backups-page" aria-labelledby="server-auto-backups">
        <h2 id="server-auto-backups" className="settings-card__title">
          {t('backups.autoHeading')}
        </h2>
        <AutoBackupForm
          key={String(page.autoBackupHours)}
          serverId={id}
          hours={page.autoBackupHours}
          text={{
            enabled: t('backups.autoEnabled'),
            interval: t('backups.autoInterval'),
            save: t('backups.save'),
            hint: t('backups.autoHint'),
            failed: t('backups.failOther'),
            hours: Object.fromEntries(BACKUP_INTERVALS.map((h) => [h, t('backups.everyHours', { hours: h })])),
          }}
        />
      </section>
    </>
  )
}
