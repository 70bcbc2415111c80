'use client'

import Link from 'next/link'
import { useActionState, useId, useState } from 'react'

import { CardPicker, defaultCard } from '@/components/billing/CardPicker'
import { ConfirmStep } from '@/components/billing/ConfirmStep'
import type { CardOption, CardPickerText } from '@/components/billing/types'
import { FormOutcome } from '@/components/site/FormOutcome'

import { formatMoney, type Currency } from '@/lib/billing/currency'
import { customPlanGib, customPlanKey } from '@/lib/hosting/customPlan'
import { fillTemplate } from '@/lib/text/fillTemplate'

import { changePlanAction, keepServerAction } from './actions'
import { CustomRamInput } from './CustomRamInput'

/** A plan to move to ("Medium — 4 GiB RAM …"), with what it costs and when ("Charged now …" / "From your next renewal …"). */
export type PlanOption = { key: string; label: string; detail: string }
export type IntervalOption = { interval: string; label: string }
/**
 * Custom RAM in the change form: the range, the size it starts on, what a GiB costs at the
 * subscription's interval and what the current plan costs (dearer: now; cheaper: at the renewal).
 * Texts keep their {placeholders}: {gib}, {price}.
 */
export type CustomOption = {
  min: number
  max: number
  start: number
  perGib: number
  currentAmount: number
  locale: string
  currency: Currency
  text: { label: string; ram: string; price: string; dearer: string; cheaper: string }
}

function customOption(gib: number, custom: CustomOption): PlanOption {
  const amount = custom.perGib * gib
  const price = fillTemplate(custom.text.price, { price: formatMoney(amount, custom.currency, custom.locale) })
  return { key: customPlanKey(gib), label: fillTemplate(custom.text.label, { gib }), detail: fillTemplate(amount > custom.currentAmount ? custom.text.dearer : custom.text.cheaper, { price }) }
}

type Text = { legend: string; submit: string; confirm: string; back: string; intervalLegend: string; noCard: string; addCard: string }

/**
 * The server's plan on its billing page: choose, read what it costs and when, then confirm. A trial
 * (`keep`) also chooses how often it is billed and the card for the first payment.
 */
export function ServerPlanForm(props: {
  serverId: string
  mode: 'change' | 'keep'
  options: PlanOption[]
  intervals?: IntervalOption[]
  cards?: CardOption[]
  custom?: CustomOption
  pickerText: CardPickerText
  text: Text
}) {
  const { serverId, mode, intervals = [], cards = [], pickerText, text, custom } = props
  const [state, action, pending] = useActionState(mode === 'keep' ? keepServerAction : changePlanAction, {})
  const [gib, setGib] = useState(custom?.start ?? 0)
  const options = custom ? [...props.options, customOption(gib, custom)] : props.options
  const [plan, setPlan] = useState(options[0]?.key ?? '')
  const [interval, setInterval] = useState(intervals[0]?.interval ?? 'monthly')
  const [card, setCard] = useState('')
  const [confirming, setConfirming] = useState(false)
  const name = useId()
  const intervalName = useId()
  const chosen = options.find((o) => o.key === plan) ?? options[0]
  const method = defaultCard(cards, card)
  // Any outcome ends the confirmation (state adjusted while rendering, not in an effect).
  const [outcome, setOutcome] = useState(state)
  if (outcome !== state) {
    setOutcome(state)
    setConfirming(false)
  }
  if (!chosen) return null
  const needsCard = mode === 'keep' && cards.length === 0
  return (
    <form action={action} className="billing-switch">
      <input type="hidden" name="server" value={serverId} />
      <input type="hidden" name="plan" value={chosen.key} />
      {mode === 'keep' ? <input type="hidden" name="interval" value={interval} /> : null}
      {mode === 'keep' && method ? <input type="hidden" name="method" value={method} /> : null}
      <fieldset className="billing-fieldset" disabled={confirming}>
        <legend className="project-settings__label">{text.legend}</legend>
        <div className="billing-choices">
          {options.map((o) => (
            <label key={customPlanGib(o.key) !== null ? 'custom' : o.key} className="billing-choice">
              <input type="radio" name={name} value={o.key} checked={o.key === chosen.key} onChange={() => setPlan(o.key)} />
              <span className="billing-choice__label">{o.label}</span>
              <span className="billing-choice__detail">{o.detail}</span>
            </label>
          ))}
        </div>
        {custom && customPlanGib(chosen.key) !== null ? (
          <CustomRamInput
            min={custom.min}
            max={custom.max}
            initial={custom.start}
            label={custom.text.ram}
            onSize={(next) => {
              setGib(next)
              setPlan(customPlanKey(next))
            }}
          />
        ) : null}
      </fieldset>
      {mode === 'keep' && intervals.length ? (
        <fieldset className="billing-fieldset" disabled={confirming}>
          <legend className="project-settings__label">{text.intervalLegend}</legend>
          <div className="billing-choices">
            {intervals.map((o) => (
              <label key={o.interval} className="billing-choice">
                <input type="radio" name={intervalName} value={o.interval} checked={o.interval === interval} onChange={() => setInterval(o.interval)} />
                <span className="billing-choice__label">{o.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {mode === 'keep' && cards.length ? <CardPicker cards={cards} value={method} onChange={setCard} text={pickerText} /> : null}
      {needsCard ? (
        <p>
          {text.noCard} <Link href="/settings/billing">{text.addCard}</Link>
        </p>
      ) : (
        <ConfirmStep confirming={confirming} setConfirming={setConfirming} lines={[chosen.label, chosen.detail]} pending={pending} text={text} />
      )}
      <FormOutcome error={state.error} done={state.done} />
    </form>
  )
}
