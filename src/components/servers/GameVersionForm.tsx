'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { gameVersionAction } from './actions'

/** The game version, changed in place (the server is installed again with it; the world is kept). */
export function GameVersionForm({ serverId, current, versions, locked, text }: { serverId: string; current: string; versions: string[]; locked: boolean; text: { label: string; submit: string; hint: string } }) {
  const [state, action, pending] = useActionState(gameVersionAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="server-form">
      <input type="hidden" name="server" value={serverId} />
      <label className="project-settings__label" htmlFor="server-version">
        {text.label}
      </label>
      <p className="project-settings__hint">{text.hint}</p>
      <div className="server-form__row">
        <select id="server-version" name="version" className="input" defaultValue={current} disabled={locked || pending}>
          {versions.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
        <button type="submit" className="button" disabled={locked || pending}>
          {text.submit}
        </button>
      </div>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
