import { getTranslations } from 'next-intl/server'

import { CHANNELS } from '@/lib/project/versions'

import { ApplyOnChange } from './ApplyOnChange'
import { ChannelBadge } from './ChannelBadge'
import { PIcon } from '@/components/site/icons'

type Props = {
  action: string
  channels: string[]
  loader: string | null
  gameVersion: string | null
  loaders: { value: string; label: string }[]
  gameVersions: string[]
}

/**
 * The version list's filters: a GET form that applies itself as a field changes (ApplyOnChange);
 * without scripts an Apply button submits it. Keyed by the filters shown, so a navigation (Clear,
 * Back) resets the fields to the page's state.
 */
export async function VersionFilters(props: Props) {
  const [t, tc] = await Promise.all([getTranslations('Project.versions'), getTranslations('Project.channel')])
  const active = props.channels.length > 0 || !!props.loader || !!props.gameVersion
  return (
    <form key={JSON.stringify([props.channels, props.loader, props.gameVersion])} method="get" action={props.action} className="version-filters" aria-label={t('filtersLabel')}>
      <ApplyOnChange />
      <fieldset className="version-filters__channels">
        <legend className="field__label">{t('channels')}</legend>
        {CHANNELS.map((c) => (
          <label key={c} className="check-chip">
            <input type="checkbox" name="c" value={c} defaultChecked={props.channels.includes(c)} />
            <ChannelBadge channel={c} label={tc(c)} />
            <span>{tc(c)}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">{t('loader')}</span>
        <select name="l" defaultValue={props.loader ?? ''} className="select">
          <option value="">{t('any')}</option>
          {props.loaders.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('gameVersion')}</span>
        <select name="g" defaultValue={props.gameVersion ?? ''} className="select">
          <option value="">{t('any')}</option>
          {props.gameVersions.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </label>
      <div className="version-filters__actions">
        <noscript>
          <button type="submit" className="button button--secondary button--small">
            <PIcon name="filter" size={16} />
            {t('apply')}
          </button>
        </noscript>
        {active ? (
          <a href={props.action} className="button button--small version-filters__clear">
            {t('clear')}
          </a>
        ) : null}
      </div>
    </form>
  )
}
