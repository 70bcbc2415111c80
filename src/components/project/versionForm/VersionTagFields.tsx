'use client'

import { useTranslations } from 'next-intl'

import { GameVersionSelect } from './GameVersionSelect'

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

/**
 * Release channel, loaders and game versions: shared by the new and edit forms. Loaders stay checkboxes
 * (a handful, all visible, one click each); game versions (~100) use the searchable multi-select.
 */
export function VersionTagFields({ idPrefix, errors, channel, onChannel, loaders, chosenLoaders, onLoaders, gameVersions, chosenGameVersions, onGameVersions }: Props) {
  const t = useTranslations('VersionForm')
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
        <GameVersionSelect options={gameVersions} chosen={chosenGameVersions} onChange={onGameVersions} errorId={errors.gameVersions ? `${idPrefix}-gameVersions-error` : undefined} />
      </fieldset>
    </>
  )
}
