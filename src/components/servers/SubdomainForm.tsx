'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { subdomainAction } from './actions'

/** The server's subdomain of the site's hosting domain; its input keeps what was typed when refused. */
export function SubdomainForm({ serverId, value, domain, text }: { serverId: string; value: string; domain: string; text: { label: string; hint: string; submit: string } }) {
  const [state, action, pending] = useActionState(subdomainAction, {})
  return (
    <form action={action} onSubmit={submitWithoutReset(action)} className="server-form">
      <input type="hidden" name="server" value={serverId} />
      <label className="project-settings__label" htmlFor="server-subdomain">
        {text.label}
      </label>
      <p className="project-settings__hint" id="server-subdomain-hint">
        {text.hint}
      </p>
      <div className="server-form__row">
        <input id="server-subdomain" name="subdomain" className="input" defaultValue={value} maxLength={32} aria-describedby="server-subdomain-hint" />
        <span className="server-form__suffix">.{domain}</span>
        <button type="submit" className="button" disabled={pending}>
          {text.submit}
        </button>
      </div>
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
