'use client'

import { useActionState, useId, useState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'
import type { Interval } from '@/lib/billing/intervals'

import { switchSubscriptionInterval } from './actions'
import { ConfirmStep } from './ConfirmStep'

/** One interval to switch to ("$49.99 a year"), with what switching means ("Charged now, less …" or "From the next renewal …"). */
export type SwitchOption = { interval: Interval; label: string; detail: string }

type Text = { legend: string; submit: string; confirm: string; back: string }

/** Monthly ⇄ quarterly ⇄ yearly: choose, read what it costs and when, then confirm. */
export function SwitchIntervalForm({ subscriptionId, options, text }: { subscriptionId: string; options: SwitchOption[]; text: Text }) {
  const [state, action, pending] = useActionState(switchSubscriptionInterval, {})
  const [interval, setChosenInterval] = useState<Interval>(options[0]!.interval)
  const [confirming, setConfirming] = useState(false)
  const name = useId()
  const chosen = options.find((o) => o.interval === interval) ?? options[0]!
  // Any outcome ends the confirmation (state adjusted while rendering, not in an effect).
  const [outcome, setOutcome] = useState(state)
  if (outcome !== state) {
    setOutcome(state)
    setConfirming(false)
  }
  return (
    <form action={action} className="billing-switch">
      <input type="hidden" name="subscription" value={subscriptionId} />
      <input type="hidden" name="interval" value={chosen.interval} />
      <fieldset className="billing-fieldset" disabled={confirming}>
        <legend className="project-settings__label">{text.legend}</legend>
        <div className="billing-choices">
          {options.map((o) => (
            <label key={o.interval} className="billing-choice">
              <input type="radio" name={name} value={o.interval} checked={o.interval === chosen.interval} onChange={() => setChosenInterval(o.interval)} />
              <span className="billing-choice__label">{o.label}</span>
              <span className="billing-choice__detail">{o.detail}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <ConfirmStep confirming={confirming} setConfirming={setConfirming} lines={[chosen.label, chosen.detail]} pending={pending} text={text} />
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
