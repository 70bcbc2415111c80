'use client'

import { useEffect, useId, useRef, useState, useTransition, type FormEvent } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'

import { addCard, beginCardSetup } from './actions'
import type { AddCardText } from './types'

/*
 * Stripe mode's card form (STRIPE_PUBLISHABLE_KEY set). The card number goes from Stripe's own
 * field (an iframe from js.stripe.com) straight to Stripe: we create a SetupIntent for the user's
 * customer on the server (beginCardSetup), Stripe.js confirms it with the card, and the resulting
 * payment method id (`pm_…`) is saved through addCard like a test card's token.
 *
 * Not exercised offline (js.stripe.com is on the internet); the pieces around it are: the server
 * actions are tested in test mode and the provider against a local Stripe-compatible server.
 * The site's Content-Security-Policy must allow js.stripe.com (script and frame) for it to load.
 */

const STRIPE_JS = 'https://js.stripe.com/v3'

// The few parts of Stripe.js used here (https://docs.stripe.com/js).
type CardElement = { mount(element: HTMLElement): void; destroy(): void }
type StripeJs = {
  elements(): { create(type: 'card', options?: { hidePostalCode?: boolean }): CardElement }
  confirmCardSetup(clientSecret: string, data: { payment_method: { card: CardElement } }): Promise<{ setupIntent?: { payment_method: string | { id: string } | null }; error?: { message?: string } }>
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs
  }
}

/** Loads Stripe.js once per page. */
let loading: Promise<void> | null = null
function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve()
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = STRIPE_JS
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      loading = null
      reject(new Error('Stripe.js did not load'))
    }
    document.head.appendChild(script)
  })
  return loading
}

export function StripeCardForm({ publishableKey, text }: { publishableKey: string; text: AddCardText }) {
  const labelId = useId()
  const mountRef = useRef<HTMLDivElement>(null)
  const stripeRef = useRef<{ stripe: StripeJs; card: CardElement } | null>(null)
  const [ready, setReady] = useState(false)
  const [unavailable, setUnavailable] = useState(false)
  const [outcome, setOutcome] = useState<{ error?: string; done?: string }>({})
  const [pending, startTransition] = useTransition()

  useEffect(() => {
    let card: CardElement | null = null
    let cancelled = false
    loadStripeJs().then(
      () => {
        if (cancelled || !mountRef.current) return
        if (!window.Stripe) return setUnavailable(true)
        const stripe = window.Stripe(publishableKey)
        card = stripe.elements().create('card', { hidePostalCode: true })
        card.mount(mountRef.current)
        stripeRef.current = { stripe, card }
        setReady(true)
      },
      () => {
        if (!cancelled) setUnavailable(true)
      },
    )
    return () => {
      cancelled = true
      card?.destroy()
      stripeRef.current = null
    }
  }, [publishableKey])

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const loaded = stripeRef.current
    if (!loaded) return
    startTransition(async () => {
      setOutcome({})
      const setup = await beginCardSetup()
      if (!setup.clientSecret) return setOutcome({ error: setup.error ?? text.stripeUnavailable })
      const { setupIntent, error } = await loaded.stripe.confirmCardSetup(setup.clientSecret, { payment_method: { card: loaded.card } })
      const method = setupIntent?.payment_method
      const methodId = typeof method === 'string' ? method : method?.id
      if (error || !methodId) return setOutcome({ error: error?.message ?? text.stripeUnavailable })
      const form = new FormData()
      form.set('token', methodId)
      setOutcome(await addCard({}, form))
    })
  }

  if (unavailable) {
    return (
      <p className="project-settings__error" role="alert">
        {text.stripeUnavailable}
      </p>
    )
  }
  return (
    <form onSubmit={submit} className="billing-add-card">
      <div className="project-settings__field">
        <span className="project-settings__label" id={labelId}>
          {text.stripeLabel}
        </span>
        <div ref={mountRef} className="billing-stripe-card" role="group" aria-labelledby={labelId} />
        {ready ? null : <p className="project-settings__hint">{text.stripeLoading}</p>}
      </div>
      <div>
        <button type="submit" className="button button--secondary" disabled={!ready || pending}>
          {text.add}
        </button>
      </div>
      <FormOutcome error={outcome.error} done={outcome.done} />
    </form>
  )
}
