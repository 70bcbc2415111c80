import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getLocale, getTranslations } from 'next-intl/server'

import { RenameServerForm } from '@/components/servers/RenameServerForm'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { serverActsOf } from '@/lib/data/serverStaff'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('info.title'), robots: { index: false } }
}

/** /servers/manage/{id}/options/info: name (renamable), address, plan, region, node and ids; every act on the server. */
export default async function ServerInfoPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server) notFound()
  const [acts, locale] = await Promise.all([serverActsOf(viewer, server.id), getLocale()])
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <>
    <section className="settings-card" aria-labelledby="server-info">
      <h2 id="server-info" className="settings-card__title">
        {t('info.title')}
      </h2>
      <RenameServerForm serverId={server.id} name={server.name} text={{ label: t('info.name'), submit: t('info.rename') }} />
      <dl className="server-facts">
        <dt>{t('manage.address')}</dt>
        <dd>{server.address ?? '—'}</dd>
        <dt>{t('manage.plan')}</dt>
        <dd>{server.planName}</dd>
        <dt>{t('info.region')}</dt>
        <dd>{server.regionName}</dd>
        <dt>{t('info.node')}</dt>
        <dd>{server.nodeName ?? '—'}</dd>
        <dt>{t('info.gameVersion')}</dt>
        <dd>{server.gameVersion}</dd>
        <dt>{t('info.loader')}</dt>
        <dd>{server.loader}</dd>
        <dt>{t('info.id')}</dt>
        <dd>
          <code>{server.id}</code>
        </dd>
      </dl>
    </section>
    <section className="settings-card" aria-labelledby="server-activity">
      <h2 id="server-activity" className="settings-card__title">
        {t('activity.title')}
      </h2>
      {acts.length ? (
        <ol className="server-activity" data-testid="server-activity">
          {acts.map((a) => (
            <li key={a.id}>
              <time dateTime={a.at}>{when.format(new Date(a.at))}</time> <strong>{a.act}</strong> — {a.actor ?? t('activity.site')}
              {typeof a.detail?.reason === 'string' ? <span>: {a.detail.reason}</span> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>{t('activity.empty')}</p>
      )}
    </section>
    </>
  )
}
