'use client'

import { useTranslations } from 'next-intl'

import { SettingsFormFrame, useSettingsForm } from './fields'

type Choice = { name: string; label: string; header: string }

/**
 * Categories (up to three shown in search) and additional tags, grouped by the type's headers;
 * resource packs choose one resolution.
 */
export function TagsForm({ projectId, stored, choices, headers, canSave, maxPrimary }: {
  projectId: string
  stored: { categories: string[]; additionalCategories: string[] }
  choices: Choice[]
  headers: { key: string; label: string }[]
  canSave: boolean
  maxPrimary: number
}) {
  const t = useTranslations('ProjectSettings')
  const [state, action, pending] = useSettingsForm()
  const pick = (name: 'categories' | 'additionalCategories') => {
    const v = state.values?.[name]
    return new Set(Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : state.values ? [] : stored[name])
  }
  const primary = pick('categories')
  const additional = pick('additionalCategories')
  const group = (name: 'categories' | 'additionalCategories', legend: string, hint: string, chosen: Set<string>) => (
    <fieldset className="project-settings__tags">
      <legend className="project-settings__label">{legend}</legend>
      <p className="project-settings__hint">{hint}</p>
      {state.fields?.[name] ? (
        <p className="project-settings__field-error" role="alert">
          {state.fields[name]}
        </p>
      ) : null}
      {headers.map((h) => {
        const items = choices.filter((c) => c.header === h.key)
        if (!items.length) return null
        return (
          <div key={h.key} className="project-settings__tag-group">
            <p className="project-settings__tag-header">{h.label}</p>
            <ul className="project-settings__checks">
              {items.map((c) => (
                <li key={c.name}>
                  <label>
                    <input type="checkbox" name={name} value={c.name} defaultChecked={chosen.has(c.name)} /> {c.label}
                  </label>
                </li>
              ))}
            </ul>
          </div>
        )
      })}
    </fieldset>
  )
  return (
    <SettingsFormFrame section="tags" projectId={projectId} state={state} action={action} pending={pending} canSave={canSave}>
      {group('categories', t('tags.primary'), t('tags.primaryHint', { max: maxPrimary }), primary)}
      {group('additionalCategories', t('tags.additional'), t('tags.additionalHint'), additional)}
    </SettingsFormFrame>
  )
}
