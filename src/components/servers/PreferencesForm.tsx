'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'
import { PREFERENCE_KEYS, type PreferenceKey, type ServerPreferences } from '@/lib/hosting/preferences'

import { preferencesAction } from './optionsActions'

/** The preferences form (spec §2 "options/preferences"): one checkbox per preference. */
export function PreferencesForm({ serverId, values, text }: { serverId: string; values: ServerPreferences; text: Record<PreferenceKey | 'autoRestartHint' | 'save', string> }) {
  const [state, action, pending] = useActionState(preferencesAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="server-form server-properties">
      <input type="hidden" name="server" value={serverId} />
      <fieldset disabled={pending} className="server-options__fields">
        {PREFERENCE_KEYS.map((key) => (
          <label key={key} className="server-properties__check">
            <input name={key} type="checkbox" defaultChecked={values[key]} aria-describedby={key === 'autoRestart' ? 'pref-auto-restart-hint' : undefined} />
            <span>{text[key]}</span>
          </label>
        ))}
        <p id="pref-auto-restart-hint" className="project-settings__hint">
          {text.autoRestartHint}
        </p>
      </fieldset>
      <button type="submit" className="button button--primary" disabled={pending}>
        {text.save}
      </button>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
