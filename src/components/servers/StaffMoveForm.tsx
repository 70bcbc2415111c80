'use client'

import { useActionState, useId } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { staffMoveAction } from './staffActions'

export type MoveFormText = { label: string; move: string; moving: string; none: string }

/**
 * Moves a server to another node of its region, on /servers/admin: the nodes offered are those with
 * room for its plan. The copy takes a while; the button says so until the node has it all.
 */
export function StaffMoveForm({ serverId, targets, text }: { serverId: string; targets: { id: string; label: string }[]; text: MoveFormText }) {
  const [state, act, pending] = useActionState(staffMoveAction, {})
  const id = useId()
  return (
    <div className="staff-move">
      {targets.length ? (
        <form action={act} onSubmit={submitWithoutReset(act)}>
          <input type="hidden" name="server" value={serverId} />
          <label htmlFor={`${id}-node`} className="project-settings__label">
            {text.label}
          </label>
          <select id={`${id}-node`} name="node" className="input" disabled={pending}>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--secondary" disabled={pending}>
            {pending ? text.moving : text.move}
          </button>
        </form>
      ) : (
        <p>{text.none}</p>
      )}
      {/* Outside the form: the outcome stays when the page re-renders without a node to offer. */}
      <FormOutcome error={state.error} done={state.done} />
    </div>
  )
}
