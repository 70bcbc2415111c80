'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { renameAction } from './actions'

export function RenameServerForm({ serverId, name, text }: { serverId: string; name: string; text: { label: string; submit: string } }) {
  const [state, action, pending] = useActionState(renameAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="server-form">
      <input type="hidden" name="server" value={serverId} />
      <label className="project-settings__label" htmlFor="server-name">
        {text.label}
      </label>
      <div className="server-form__row">
        <input id="server-name" name="name" className="input" defaultValue={name} maxLength={64} required />
        <button type="submit" className="button" disabled={pending}>
          {text.submit}
        </button>
      </div>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
