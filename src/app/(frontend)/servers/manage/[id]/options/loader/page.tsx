import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { GameVersionForm } from '@/components/servers/GameVersionForm'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { optionsLocked } from '@/lib/hosting/status'
import { loaderChoices, type LoaderChoices } from '@/plugins/hosting/service/acts'
import { HostingError } from '@/plugins/hosting/service/rows'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('loader.title'), robots: { index: false } }
}

/** /servers/manage/{id}/options/loader: the game version, and the loaders — those the node cannot install disabled, with why. */
export default async function ServerLoaderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server || !viewer.user) notFound()
  const locked = optionsLocked(server.status)
  let choices: LoaderChoices | null = null
  let error: string | null = null
  if (!locked) {
    try {
      choices = await loaderChoices(viewer.payload, viewer.user, id)
    } catch (e) {
      if (!(e instanceof HostingError)) throw e
      error = e.message
    }
  }
  return (
    <section className="settings-card" aria-labelledby="server-loader">
      <h2 id="server-loader" className="settings-card__title">
        {t('loader.title')}
      </h2>
      {locked ? <p className="server-notice">{t('overview.installing')}</p> : null}
      {error ? <p className="form-error">{error}</p> : null}
      <GameVersionForm
        serverId={id}
        current={server.gameVersion}
        versions={choices?.gameVersions ?? [server.gameVersion]}
        locked={locked || !choices}
        text={{ label: t('loader.gameVersion'), submit: t('loader.change'), hint: t('loader.hint') }}
      />
      <fieldset className="billing-fieldset" disabled>
        <legend className="project-settings__label">{t('loader.loaders')}</legend>
        <ul className="server-loaders">
          {(choices?.loaders ?? []).map((l) => (
            <li key={l.name} className={l.available ? 'server-loader' : 'server-loader server-loader--unavailable'}>
              <span className="server-loader__name">{l.name}</span>{' '}
              {l.name === server.loader ? <strong>{t('loader.current')}</strong> : !l.available ? <span className="server-loader__why">{t('loader.unavailable', { loader: l.name })}</span> : null}
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  )
}
