'use client'

import { useActionState, useEffect, useId, useState } from 'react'

import { AddCardForm } from '@/components/billing/AddCardForm'
import { CardPicker, defaultCard } from '@/components/billing/CardPicker'
import type { AddCardMode, AddCardText, CardOption, CardPickerText } from '@/components/billing/types'
import { submitWithoutReset } from '@/components/project/settings/fields'
import { FormOutcome } from '@/components/site/FormOutcome'

import { formatMoney } from '@/lib/billing/currency'
import { fillTemplate } from '@/lib/text/fillTemplate'
import { CUSTOM_PRICE_PER_GIB, customPlanGib, customPlanKey, customPlanSpec, customPlayers } from '@/lib/hosting/customPlan'

import { buyServerAction } from './actions'
import { CustomRamInput } from './CustomRamInput'

/** The custom plan of `gib` GiB as the checkout shows it. */
function customPlan(gib: number, custom: CheckoutCustom): CheckoutPlan {
  const spec = customPlanSpec(gib)
  const price = formatMoney(CUSTOM_PRICE_PER_GIB.monthly * gib, 'USD', custom.locale)
  const players = customPlayers(gib)
  return {
    key: customPlanKey(gib),
    name: fillTemplate(custom.text.name, { gib }),
    trial: false,
    specs: fillTemplate(custom.text.specs, { gib, cpus: spec.cpus, storage: spec.storage / 1024 }),
    advice: fillTemplate(custom.text.advice, { players: `${players.min}–${players.max}` }),
    price: fillTemplate(custom.text.price, { price }),
    region: null,
  }
}

export type CheckoutPlan = { key: string; name: string; trial: boolean; specs: string; advice: string; price: string; region: string | null }
/** Custom RAM: the range and the per-GiB monthly price; texts with {placeholders} filled here. */
export type CheckoutCustom = { min: number; max: number; locale: string; text: { name: string; ram: string; price: string; specs: string; advice: string } }
export type CheckoutRegion = { key: string; name: string; room: string; full: boolean }
export type ServerCheckoutText = {
  steps: { region: string; payment: string; review: string }
  planLegend: string
  regionLegend: string
  trialRegion: string
  notCharged: string
  addCardFirst: string
  addAnother: string
  next: string
  back: string
  review: { plan: string; region: string; price: string; name: string; namePlaceholder: string }
  buy: string
  startTrial: string
}

const STEPS = ['region', 'payment', 'review'] as const
type Step = (typeof STEPS)[number]

/**
 * The purchase (spec §2 "Servers: purchase steps"): the plan, then region (with the room its nodes
 * have), payment (a saved card, or one added here; the trial says 'You won't be charged yet.'),
 * review, and Buy — which pays and sends the buyer to the new server's page to watch it install.
 */
export function ServerCheckout(props: {
  plans: CheckoutPlan[]
  custom: CheckoutCustom
  regions: CheckoutRegion[]
  cards: CardOption[]
  addCard: AddCardMode
  initialPlan: string
  text: ServerCheckoutText
  cardText: AddCardText
  pickerText: CardPickerText
}) {
  const { regions, cards, addCard, text, cardText, pickerText, custom } = props
  const [planKey, setPlanKey] = useState(props.initialPlan)
  const [gib, setGib] = useState(() => customPlanGib(props.initialPlan) ?? custom.min + 2)
  const plans = [...props.plans, customPlan(gib, custom)]
  const [step, setStep] = useState<Step>('region')
  const [regionKey, setRegionKey] = useState(regions.find((r) => !r.full)?.key ?? '')
  const [chosenCard, setChosenCard] = useState('')
  const [state, action, pending] = useActionState(buyServerAction, {})
  const ids = useId()
  const plan = plans.find((p) => p.key === planKey) ?? plans[0]
  const region = plan?.trial && plan.region ? plan.region : regionKey
  const method = defaultCard(cards, chosenCard)
  useEffect(() => {
    // A full load, not router.push: the server's page needs its own CSP (its console's websocket).
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- deliberately a full load (above)
    if (state.serverId && !state.error) window.location.assign(`/servers/manage/${state.serverId}`)
  }, [state])
  if (!plan) return null
  const index = STEPS.indexOf(step)
  const canContinue = step === 'region' ? !!region && !regions.find((r) => r.key === region)?.full : step === 'payment' ? plan.trial || !!method : true
  return (
    <div className="server-checkout">
      <fieldset className="billing-fieldset">
        <legend className="project-settings__label">{text.planLegend}</legend>
        <div className="server-plans">
          {plans.map((p) => {
            const isCustom = customPlanGib(p.key) !== null
            return (
              <label key={isCustom ? 'custom' : p.key} className="server-plan" data-testid={isCustom ? 'plan-custom' : `plan-${p.key}`}>
                <input type="radio" name={`${ids}-plan`} value={p.key} checked={p.key === plan.key} onChange={() => setPlanKey(p.key)} />
                <span className="server-plan__name">{p.name}</span>
                <span className="server-plan__price">{p.price}</span>
                <span className="server-plan__specs">{p.specs}</span>
                <span className="server-plan__advice">{p.advice}</span>
              </label>
            )
          })}
        </div>
      </fieldset>
      {customPlanGib(plan.key) !== null ? (
        <CustomRamInput
          min={custom.min}
          max={custom.max}
          initial={gib}
          label={custom.text.ram}
          onSize={(next) => {
            setGib(next)
            setPlanKey(customPlanKey(next))
          }}
        />
      ) : null}
      <ol className="server-checkout__steps" aria-label={text.steps.review}>
        {STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} className={i <= index ? 'is-done' : undefined}>
            {text.steps[s]}
          </li>
        ))}
      </ol>
      <section className="settings-card" aria-labelledby={`${ids}-step`}>
        <h2 id={`${ids}-step`} className="settings-card__title">
          {text.steps[step]}
        </h2>
        {step === 'region' ? (
          plan.trial ? (
            <p className="project-settings__hint">{text.trialRegion.replace('{region}', regions.find((r) => r.key === region)?.name ?? region)}</p>
          ) : (
            <fieldset className="billing-fieldset">
              <legend className="project-settings__label">{text.regionLegend}</legend>
              <div className="billing-choices">
                {regions.map((r) => (
                  <label key={r.key} className="billing-choice">
                    <input type="radio" name={`${ids}-region`} value={r.key} checked={regionKey === r.key} disabled={r.full} onChange={() => setRegionKey(r.key)} />
                    <span className="billing-choice__label">{r.name}</span>
                    <span className="billing-choice__detail">{r.room}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )
        ) : null}
        {step === 'payment' ? (
          plan.trial ? (
            <p className="server-checkout__free">{text.notCharged}</p>
          ) : cards.length ? (
            <>
              <CardPicker cards={cards} value={method} onChange={setChosenCard} text={pickerText} />
              <details className="billing-details">
                <summary>{text.addAnother}</summary>
                <AddCardForm mode={addCard} text={cardText} />
              </details>
            </>
          ) : (
            <>
              <p className="project-settings__hint">{text.addCardFirst}</p>
              <AddCardForm mode={addCard} text={cardText} />
            </>
          )
        ) : null}
        {step === 'review' ? (
          <form action={action} onSubmit={submitWithoutReset(action)} className="server-checkout__review">
            <dl className="server-facts">
              <dt>{text.review.plan}</dt>
              <dd>{plan.name}</dd>
              <dt>{text.review.region}</dt>
              <dd>{regions.find((r) => r.key === region)?.name ?? region}</dd>
              <dt>{text.review.price}</dt>
              <dd>{plan.price}</dd>
            </dl>
            {plan.trial ? <p className="server-checkout__free">{text.notCharged}</p> : null}
            <label className="project-settings__label" htmlFor={`${ids}-name`}>
              {text.review.name}
            </label>
            <input id={`${ids}-name`} name="name" className="input" maxLength={64} placeholder={text.review.namePlaceholder} />
            <input type="hidden" name="plan" value={plan.key} />
            <input type="hidden" name="region" value={region} />
            <input type="hidden" name="interval" value={plan.trial ? 'fiveDays' : 'monthly'} />
            <input type="hidden" name="currency" value="USD" />
            <input type="hidden" name="method" value={plan.trial ? '' : method} />
            <div className="server-checkout__nav">
              <button type="button" className="button" onClick={() => setStep('payment')}>
                {text.back}
              </button>
              <button type="submit" className="button button--primary" disabled={pending}>
                {plan.trial ? text.startTrial : text.buy}
              </button>
            </div>
            <FormOutcome error={state.error} done={state.serverId ? state.done : undefined} />
          </form>
        ) : (
          <div className="server-checkout__nav">
            {index > 0 ? (
              <button type="button" className="button" onClick={() => setStep(STEPS[index - 1])}>
                {text.back}
              </button>
            ) : null}
            <button type="button" className="button button--primary" disabled={!canContinue} onClick={() => setStep(STEPS[index + 1])}>
              {text.next}
            </button>
          </div>
        )}
      </section>
    </div>
  )
}
