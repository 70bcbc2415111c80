'use server'

import { getLocale, getTranslations } from 'next-intl/server'
import { z } from 'zod'

import { CURRENCIES, formatMoney } from '@/lib/billing/currency'
import { RECURRING, type Interval } from '@/lib/billing/intervals'
import { chargesOfUser, subscriptionsOf } from '@/lib/data/billing'
import { currentViewer } from '@/lib/data/currentViewer'
import type { Viewer } from '@/lib/data/viewer'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'
import { billingTestMode } from '@/plugins/billing/providers'
import { TEST_CARDS } from '@/plugins/billing/providers/test'
import { cancel, payNow, resubscribe as resubscribeService, switchInterval } from '@/plugins/billing/service/manage'
import { addMethod, customerOf, removeMethod, setPrimary } from '@/plugins/billing/service/methods'
import { provider } from '@/plugins/billing/service/provider'
import { BillingError } from '@/plugins/billing/service/rows'
import { subscribe } from '@/plugins/billing/service/subscribe'

/*
 * What a signed-in user does with their own billing (/plus, /settings/billing). Every action takes
 * the session's user only (currentViewer: a token in Authorization is a signed-out visitor here),
 * validates its input, and passes the user's id to the service, which refuses anything not theirs.
 * A `BillingError` is a refusal meant for the user and shown as it is; anything else is logged and
 * answered with a generic message.
 */

export type BillingState = { error?: string; done?: string }
type Signed = Viewer & { user: NonNullable<Viewer['user']> }
type T = Awaited<ReturnType<typeof getTranslations<'Billing'>>>

const id = z.string().trim().min(1).max(64)
const interval = z.enum(RECURRING as [Interval, ...Interval[]])
const testCard = z.enum(Object.keys(TEST_CARDS) as [keyof typeof TEST_CARDS, ...(keyof typeof TEST_CARDS)[]])
// A payment method id from Stripe's card form (Stripe.js confirms a SetupIntent and hands it back).
const stripeMethod = z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/)

const field = (form: FormData, name: string) => form.get(name) ?? undefined

/**
 * Runs `act` for the signed-in user with its parsed input. Refusals become `{ error }`, and so does
 * anything unexpected (logged, then a generic message).
 */
async function run<I>(schema: z.ZodType<I>, input: unknown, act: (viewer: Signed, input: I, t: T) => Promise<BillingState>): Promise<BillingState> {
  const [t, viewer] = await Promise.all([getTranslations('Billing'), currentViewer()])
  if (!viewer.user) return { error: t('errors.signIn') }
  const parsed = schema.safeParse(input)
  if (!parsed.success) return { error: t('errors.invalid') }
  try {
    const state = await act(viewer as Signed, parsed.data, t)
    refreshAfterWrite('billing')
    return state
  } catch (error) {
    if (error instanceof BillingError) return { error: error.message }
    viewer.payload.logger.error({ err: error, msg: 'Billing action failed' })
    return { error: t('errors.failed') }
  }
}

/** Saves a card: one of test mode's test cards, or (Stripe) the `pm_…` Stripe's card form made. */
export async function addCard(_prev: BillingState, form: FormData): Promise<BillingState> {
  const schema = billingTestMode() ? testCard : stripeMethod
  return run(schema, field(form, 'token'), async (viewer, token, t) => {
    await addMethod(viewer.payload, viewer.user, token)
    return { done: t('cards.added') }
  })
}

/** Stripe mode: a SetupIntent for the user's customer, whose client secret Stripe's card form confirms. */
export async function beginCardSetup(): Promise<{ clientSecret?: string; error?: string }> {
  const [t, viewer] = await Promise.all([getTranslations('Billing'), currentViewer()])
  if (!viewer.user) return { error: t('errors.signIn') }
  if (billingTestMode()) return { error: t('errors.invalid') }
  try {
    const { clientSecret } = await provider(viewer.payload).beginCardSetup(await customerOf(viewer.payload, viewer.user))
    return clientSecret ? { clientSecret } : { error: t('errors.failed') }
  } catch (error) {
    viewer.payload.logger.error({ err: error, msg: 'Card setup could not start' })
    return { error: t('cards.stripeUnavailable') }
  }
}

export async function setPrimaryCard(_prev: BillingState, form: FormData): Promise<BillingState> {
  return run(id, field(form, 'method'), async (viewer, methodId, t) => {
    await setPrimary(viewer.payload, viewer.user, methodId)
    return { done: t('cards.primarySet') }
  })
}

/** Removes a card; the service refuses the last card of a subscription that still renews. */
export async function removeCard(_prev: BillingState, form: FormData): Promise<BillingState> {
  return run(id, field(form, 'method'), async (viewer, methodId, t) => {
    await removeMethod(viewer.payload, viewer.user.id, methodId)
    return { done: t('cards.removed') }
  })
}

/**
 * How a payment came out, read back from the charge: test mode reports the outcome through the
 * webhook handler before the provider call returns, so the service's own answer may be 'stale'.
 */
async function paymentOutcome(viewer: Signed, subscriptionId: string, type: 'subscription' | 'proration', t: T): Promise<BillingState | null> {
  // Newest first: the charge this action just made.
  const charge = (await chargesOfUser(viewer, viewer.user.id)).find((c) => c.subscription === subscriptionId && c.type === type)
  if (!charge || charge.status === 'succeeded') return null
  if (charge.status === 'failed') return { error: charge.failureMessage || t('errors.declined') }
  return { done: t('plus.processing') }
}

const subscribeInput = z.object({ interval, currency: z.enum(CURRENCIES), method: id.optional() })

/** Subscribes to Plus and takes the first payment now with the chosen (or primary) card. */
export async function subscribePlus(_prev: BillingState, form: FormData): Promise<BillingState> {
  const input = { interval: field(form, 'interval'), currency: field(form, 'currency'), method: field(form, 'method') || undefined }
  return run(subscribeInput, input, async (viewer, { interval, currency, method }, t) => {
    const result = await subscribe(viewer.payload, viewer.user, { productKey: 'plus', currency, interval, methodId: method })
    if (result.outcome === 'unreachable') return { error: t('errors.unreachable') }
    if (result.outcome === 'failed') return { error: result.message || t('errors.declined') }
    return (await paymentOutcome(viewer, result.subscriptionId, 'subscription', t)) ?? { done: t('plus.subscribed') }
  })
}

export async function cancelSubscription(_prev: BillingState, form: FormData): Promise<BillingState> {
  return run(id, field(form, 'subscription'), async (viewer, subscriptionId, t) => {
    await cancel(viewer.payload, viewer.user.id, subscriptionId)
    return { done: t('subscriptions.cancelled') }
  })
}

/** Turns the renewal of a cancelled (still paid-for) subscription back on; nothing is charged now. */
export async function resubscribe(_prev: BillingState, form: FormData): Promise<BillingState> {
  return run(id, field(form, 'subscription'), async (viewer, subscriptionId, t) => {
    await resubscribeService(viewer.payload, viewer.user.id, subscriptionId)
    return { done: t('subscriptions.resubscribed') }
  })
}

/** Pays a failed renewal now with the chosen card (it becomes the renewal's card). */
export async function payFailedNow(_prev: BillingState, form: FormData): Promise<BillingState> {
  return run(z.object({ subscription: id, method: id.optional() }), { subscription: field(form, 'subscription'), method: field(form, 'method') || undefined }, async (viewer, input, t) => {
    const outcome = await payNow(viewer.payload, viewer.user.id, input.subscription, input.method)
    if (outcome === 'unreachable') return { error: t('errors.unreachable') }
    const sub = (await subscriptionsOf(viewer, viewer.user.id)).find((s) => s.id === input.subscription)
    if (sub?.next?.status === 'failed') return { error: sub.next.failureMessage || t('errors.declined') }
    if (sub?.next?.status === 'processing') return { done: t('plus.processing') }
    return { done: t('subscriptions.paid') }
  })
}

/** Monthly ⇄ quarterly ⇄ yearly: a longer interval is charged now (less the unused part), a shorter one applies at renewal. */
export async function switchSubscriptionInterval(_prev: BillingState, form: FormData): Promise<BillingState> {
  return run(z.object({ subscription: id, interval }), { subscription: field(form, 'subscription'), interval: field(form, 'interval') }, async (viewer, input, t) => {
    const { charged, outcome } = await switchInterval(viewer.payload, viewer.user.id, input.subscription, input.interval)
    const name = t(`intervals.${input.interval}`)
    if (charged == null) return { done: t('subscriptions.switch.scheduled', { interval: name }) }
    if (outcome === 'unreachable') return { error: t('errors.unreachable') }
    const refused = await paymentOutcome(viewer, input.subscription, 'proration', t)
    if (refused?.error) return { error: t('subscriptions.switch.declined') }
    const sub = (await subscriptionsOf(viewer, viewer.user.id)).find((s) => s.id === input.subscription)
    const amount = sub ? formatMoney(charged, sub.currency, await getLocale()) : String(charged)
    return { done: t('subscriptions.switch.charged', { interval: name, amount }) }
  })
}
