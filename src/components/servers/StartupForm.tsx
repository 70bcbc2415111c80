'use client'

import { useActionState } from 'react'

import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { powerAction } from './actions'
import { startupAction } from './optionsActions'

type Text = Record<'memory' | 'planRam' | 'automatic' | 'memoryHint' | 'flags' | 'flagsHint' | 'save' | 'restartNow', string>

/**
 * The startup form (spec §2 "options/startup"): the game's heap limit (empty: Automatic) and extra
 * Node flags. A refusal keeps what was typed; once saved, a running server can be restarted at once.
 */
export function StartupForm({
  serverId,
  values,
  heap,
  running,
  locked,
  text,
}: {
  serverId: string
  values: { heap: string; flags: string }
  /** The heap bounds of the plan; `max` below `min`: only Automatic. */
  heap: { min: number; max: number }
  running: boolean
  locked: boolean
  text: Text
}) {
  const [state, action, pending] = useActionState(startupAction, {})
  const [restartState, restart, restarting] = useActionState(powerAction, {})
  const fixed = heap.max < heap.min
  return (
    <div className="server-startup">
      <form action={action} onSubmit={submitWithoutReset(action)} className="server-form server-properties">
        <input type="hidden" name="server" value={serverId} />
        <fieldset disabled={locked || pending} className="server-options__fields">
          <label>
            <span>{text.memory}</span>
            <input
              name="heap"
              type="number"
              className="input"
              min={heap.min}
              max={heap.max}
              step={1}
              placeholder={text.automatic}
              defaultValue={values.heap}
              disabled={fixed}
              aria-describedby="startup-memory-hint"
            />
          </label>
          <p className="server-startup__plan" data-testid="plan-ram">
            {text.planRam}
          </p>
          <p id="startup-memory-hint" className="project-settings__hint">
            {text.memoryHint}
          </p>
          <label>
            <span>{text.flags}</span>
            <input name="flags" className="input" defaultValue={values.flags} maxLength={2000} spellCheck={false} autoComplete="off" aria-describedby="startup-flags-hint" />
          </label>
          <p id="startup-flags-hint" className="project-settings__hint">
            {text.flagsHint}
          </p>
        </fieldset>
        <button type="submit" className="button button--primary" disabled={locked || pending}>
          {text.save}
        </button>
        <FormOutcome error={state.error} done={state.done} />
      </form>
      {state.done && running ? (
        <form action={restart} className="server-actions">
          <input type="hidden" name="server" value={serverId} />
          <button type="submit" name="action" value="restart" className="button" disabled={restarting}>
            {text.restartNow}
          </button>
          <FormOutcome error={restartState.error} done={restartState.done} />
        </form>
      ) : null}
    </div>
  )
}
