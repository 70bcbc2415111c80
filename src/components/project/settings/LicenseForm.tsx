'use client'

import { useTranslations } from 'next-intl'
import { useMemo, useState } from 'react'

import { SettingsFormFrame, TextInput, valueOf, useSettingsForm } from './fields'

/** The license from the SPDX list (searchable), or a custom one with a link to its text. */
export function LicenseForm({ projectId, stored, licenses, canSave }: { projectId: string; stored: { license: string; licenseUrl: string }; licenses: { id: string; name: string }[]; canSave: boolean }) {
  const t = useTranslations('ProjectSettings')
  const [state, action, pending] = useSettingsForm()
  const [query, setQuery] = useState('')
  const [chosen, setChosen] = useState(() => valueOf(state, 'license', stored.license))
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase()
    const list = q ? licenses.filter((l) => l.id.toLowerCase().includes(q) || l.name.toLowerCase().includes(q)) : licenses
    // The chosen license stays in the list whatever the search.
    return list.some((l) => l.id === chosen) ? list : [...licenses.filter((l) => l.id === chosen), ...list]
  }, [licenses, query, chosen])
  const error = state.fields?.license
  const custom = chosen.startsWith('LicenseRef-') && chosen !== 'LicenseRef-All-Rights-Reserved'
  return (
    <SettingsFormFrame section="license" projectId={projectId} state={state} action={action} pending={pending} canSave={canSave}>
      <div className="project-settings__field">
        <label htmlFor="ps-license-search" className="project-settings__label">
          {t('license.search')}
        </label>
        <input id="ps-license-search" type="search" className="project-settings__input" value={query} onChange={(e) => setQuery(e.target.value)} aria-controls="ps-license" />
      </div>
      <div className="project-settings__field">
        <label htmlFor="ps-license" className="project-settings__label">
          {t('license.label')}
        </label>
        <select
          id="ps-license"
          name="license"
          size={Math.min(8, Math.max(2, shown.length))}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          className="project-settings__input project-settings__list"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ps-license-error' : undefined}
        >
          {shown.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name} ({l.id})
            </option>
          ))}
        </select>
        {error ? (
          <p id="ps-license-error" className="project-settings__field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <TextInput name="licenseUrl" type="url" label={t('license.url')} hint={custom ? t('license.urlRequired') : t('license.urlHint')} state={state} stored={stored.licenseUrl} />
    </SettingsFormFrame>
  )
}
