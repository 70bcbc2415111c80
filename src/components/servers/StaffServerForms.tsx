'use client'

import { useActionState, useId } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { staffServerAction } from './staffActions'

/**
 * Suspend (a reason its owner reads, kept when refused) or lift a staff suspension, on
 * /servers/admin. One action state, so the last outcome stays in view when the page re-renders
 * with the other form.
 */
export function StaffServerForms({ serverId, suspendedByStaff, text }: { serverId: string; suspendedByStaff: boolean; text: { reason: string; suspend: string; unsuspend: string } }) {
  const [state, act, pending] = useActionState(staffServerAction, {})
  const id = useId()
  return (
    <form action={act} onSubmit={submitWithoutReset(act)} className="staff-suspend">
      <input type="hidden" name="server" value={serverId} />
      {suspendedByStaff ? (
        <button type="submit" name="op" value="unsuspend" className="button button--secondary" disabled={pending}>
          {text.unsuspend}
        </button>
      ) : (
        <>
          <label htmlFor={`${id}-reason`} className="project-settings__label">
            {text.reason}
          </label>
          <input id={`${id}-reason`} name="reason" className="input" maxLength={1000} />
          <button type="submit" name="op" value="suspend" className="button button--danger" disabled={pending}>
            {text.suspend}
          </button>
        </>
      )}
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
