'use client'

import { useTranslations } from 'next-intl'
import { useState } from 'react'

export const CHANNELS = ['release', 'beta', 'alpha'] as const

type Props = {
  idPrefix: string
  errors: Record<string, string>
  channel: string
  onChannel: (channel: (typeof CHANNELS)[number]) => void
  loaders: { id: string; label: string }[]
  chosenLoaders: string[]
  onLoaders: (next: string[]) => void
  gameVersions: { version: string; versionType: string }[]
  chosenGameVersions: string[]
  onGameVersions: (next: string[]) => void
}

const toggled = (list: string[], item: string, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item))

/** Release channel, loaders and game versions (snapshots on request): shared by the new and edit forms. */
export function VersionTagFields({ idPrefix, errors, channel, onChannel, loaders, chosenLoaders, onLoaders, gameVersions, chosenGameVersions, onGameVersions }: Props) {
  const t = useTranslations('VersionForm')
  const [showSnapshots, setShowSnapshots] = useState(false)
  const shown = gameVersions.filter((g) => showSnapshots || g.versionType === 'release' || chosenGameVersions.includes(g.version))
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${idPrefix}-${key}-error`} className="project-settings__field-error" role="alert">
        {errors[key]}
      </p>
    ) : null
  return (
    <>
      <fieldset className="project-settings__tags">
        <legend className="project-settings__label">{t('channel')}</legend>
        <ul className="project-settings__checks">
          {CHANNELS.map((c) => (
            <li key={c}>
              <label>
                <input type="radio" name="channel" value={c} checked={channel === c} onChange={() => onChannel(c)} /> {t(`channels.${c}`)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="project-settings__tags" aria-describedby={errors.loaders ? `${idPrefix}-loaders-error` : undefined}>
        <legend className="project-settings__label">{t('loaders')}</legend>
        {error('loaders')}
        <ul className="project-settings__checks">
          {loaders.map((l) => (
            <li key={l.id}>
              <label>
                <input type="checkbox" checked={chosenLoaders.includes(l.id)} onChange={(e) => onLoaders(toggled(chosenLoaders, l.id, e.target.checked))} /> {l.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="project-settings__tags" aria-describedby={errors.gameVersions ? `${idPrefix}-gameVersions-error` : undefined}>
        <legend className="project-settings__label">{t('gameVersions')}</legend>
        {error('gameVersions')}
        <label className="version-form__snapshots">
          <input type="checkbox" checked={showSnapshots} onChange={(e) => setShowSnapshots(e.target.checked)} /> {t('showSnapshots')}
        </label>
        <ul className="project-settings__checks version-form__game-versions">
          {shown.map((g) => (
            <li key={g.version}>
              <label>
                <input type="checkbox" checked={chosenGameVersions.includes(g.version)} onChange={(e) => onGameVersions(toggled(chosenGameVersions, g.version, e.target.checked))} /> {g.version}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </>
  )
}
