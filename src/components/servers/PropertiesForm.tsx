'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { propertiesAction } from './actions'

type Text = Record<'motd' | 'maxPlayers' | 'gamemode' | 'difficulty' | 'seed' | 'viewDistance' | 'whitelist' | 'spawnProtection' | 'save' | 'hint', string> & {
  gamemodes: Record<'survival' | 'creative' | 'adventure' | 'spectator', string>
  difficulties: Record<'peaceful' | 'easy' | 'normal' | 'hard', string>
}

/** The properties form (spec §2 "options/properties"): the values a player changes most, with labels. */
export function PropertiesForm({ serverId, values, locked, text }: { serverId: string; values: Record<string, string>; locked: boolean; text: Text }) {
  const [state, action, pending] = useActionState(propertiesAction, {})
  const v = (key: string, fallback: string) => values[key] ?? fallback
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="server-form server-properties">
      <p className="project-settings__hint">{text.hint}</p>
      <input type="hidden" name="server" value={serverId} />
      <fieldset disabled={locked || pending} className="server-properties__fields">
        <label>
          <span>{text.motd}</span>
          <input name="motd" className="input" defaultValue={v('motd', 'A Minecraft Server')} maxLength={120} />
        </label>
        <label>
          <span>{text.maxPlayers}</span>
          <input name="max-players" type="number" min={1} max={500} className="input" defaultValue={v('max-players', '5')} />
        </label>
        <label>
          <span>{text.gamemode}</span>
          <select name="gamemode" className="input" defaultValue={v('gamemode', 'survival')}>
            {(['survival', 'creative', 'adventure', 'spectator'] as const).map((m) => (
              <option key={m} value={m}>
                {text.gamemodes[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{text.difficulty}</span>
          <select name="difficulty" className="input" defaultValue={v('difficulty', 'easy')}>
            {(['peaceful', 'easy', 'normal', 'hard'] as const).map((d) => (
              <option key={d} value={d}>
                {text.difficulties[d]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{text.seed}</span>
          <input name="level-seed" className="input" defaultValue={v('level-seed', '')} maxLength={64} />
        </label>
        <label>
          <span>{text.viewDistance}</span>
          <input name="view-distance" type="number" min={2} max={32} className="input" defaultValue={v('view-distance', '10')} />
        </label>
        <label>
          <span>{text.spawnProtection}</span>
          <input name="spawn-protection" type="number" min={0} max={1000} className="input" defaultValue={v('spawn-protection', '16')} />
        </label>
        <label className="server-properties__check">
          <input name="white-list" type="checkbox" defaultChecked={v('white-list', 'false') === 'true'} />
          <span>{text.whitelist}</span>
        </label>
      </fieldset>
      <button type="submit" className="button button--primary" disabled={locked || pending}>
        {text.save}
      </button>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
