import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getLocale, getTranslations } from 'next-intl/server'

import { cardOptions, pickerText } from '@/components/billing/labels'
import { SubscriptionList } from '@/components/billing/SubscriptionList'
import { TestModeNotice } from '@/components/billing/TestModeNotice'
import { keepCurrentPlanAction } from '@/components/servers/actions'
import { ServerPlanForm, type PlanOption } from '@/components/servers/ServerPlanForm'
import { formatMoney } from '@/lib/billing/currency'
import { methodsOfUser, productPrices, type PlanPrices } from '@/lib/data/billing'
import { serverOf, type PlanView } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { serverPlanChoices } from '@/lib/data/serverPlan'
import { CUSTOM_PRICE_PER_GIB, CUSTOM_RAM_GIB, customPlanGib } from '@/lib/hosting/customPlan'
import { gib } from '@/lib/plans'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('billing.title'), robots: { index: false } }
}

const PAID_INTERVALS = ['monthly', 'quarterly', 'yearly'] as const
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * /servers/manage/{id}/options/billing: this server's subscription — next charge, cancel,
 * resubscribe, pay a failed renewal now — with the same forms as /settings/billing; and its plan:
 * moved to another one, or, on a trial, kept on a paid plan (same world, address and port).
 */
export default async function ServerBillingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, l, b, locale, viewer] = await Promise.all([getTranslations('Servers'), getTranslations('ServersLanding'), getTranslations('Billing'), getLocale(), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server || !viewer.user) notFound()
  const owner = server.ownerId ?? viewer.user.id
  const choices = await serverPlanChoices(viewer, server)
  const subscription = choices?.subscription ?? undefined
  const [methods, prices] = await Promise.all([
    methodsOfUser(viewer, owner),
    subscription ? productPrices(viewer.payload, subscription.productKey).then((p) => new Map<string, PlanPrices[]>([[subscription.productKey, p.prices]])) : new Map<string, PlanPrices[]>(),
  ])
  const money = (minor: number) => formatMoney(minor, choices?.currency ?? 'USD', locale)
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso))
  const label = (p: PlanView) =>
    t('plan.option', { name: p.name, specs: [l('ram', { gib: gib(p.ramMiB) }), l('cpus', { count: p.cpus })].join(', '), players: l('players', { players: `${p.players.min}–${p.players.max}` }) })
  const isOwner = server.ownerId === viewer.user.id
  const planName = (key: string | null) => (key === server.planKey ? server.planName : (choices?.plans.find((p) => p.key === key)?.name ?? key ?? ''))

  let planForm: React.ReactNode = null
  if (choices && isOwner && choices.paymentInProgress) {
    planForm = <p role="status">{t('plan.inProgress')}</p>
  } else if (server.status === 'installing' || (server.status === 'suspended' && server.suspensionReason === 'upgrading')) {
    planForm = <p role="status">{t('plan.changing')}</p>
  } else if (choices && isOwner && choices.trial) {
    const options: PlanOption[] = choices.plans.map((p) => ({
      key: p.key,
      label: label(p),
      detail: t('plan.prices', { monthly: money(p.amounts.monthly ?? 0), quarterly: money(p.amounts.quarterly ?? 0), yearly: money(p.amounts.yearly ?? 0) }),
    }))
    planForm = (
      <>
        <p>{t('plan.keepLead')}</p>
        <ServerPlanForm
          serverId={server.id}
          mode="keep"
          options={options}
          intervals={PAID_INTERVALS.map((i) => ({ interval: i, label: capitalised(b(`intervals.${i}`)) }))}
          cards={cardOptions(methods, b)}
          pickerText={pickerText(b)}
          text={{ legend: t('plan.keepLegend'), submit: t('plan.keepSubmit'), confirm: t('plan.confirm'), back: t('plan.back'), intervalLegend: t('plan.intervalLegend'), noCard: t('plan.noCard'), addCard: t('plan.addCard') }}
        />
      </>
    )
  } else if (choices && isOwner && subscription?.status === 'provisioned' && subscription.next?.status === 'open') {
    const currentAmount = choices.currentAmount
    const options: PlanOption[] = choices.plans
      .filter((p) => p.key !== choices.current && p.amounts[choices.interval] != null)
      .map((p) => {
        const amount = p.amounts[choices.interval]!
        const price = t('plan.perInterval', { price: money(amount), interval: b(`intervals.${choices.interval}`) })
        return { key: p.key, label: label(p), detail: amount > currentAmount ? t('plan.dearer', { price }) : t('plan.cheaper', { price, date: date(subscription.next!.due) }) }
      })
    planForm = (
      <>
        {choices.pending ? (
          <form action={keepCurrentPlanAction} className="server-form__row">
            <input type="hidden" name="server" value={server.id} />
            <input type="hidden" name="plan" value={choices.current} />
            <p>{t('plan.pending', { date: date(subscription.next.due), plan: planName(choices.pending) })}</p>
            <button type="submit" className="button button--secondary">
              {t('plan.keepCurrent', { plan: planName(choices.current) })}
            </button>
          </form>
        ) : null}
        {options.length ? (
          <ServerPlanForm
            serverId={server.id}
            mode="change"
            options={options}
            custom={{
              ...CUSTOM_RAM_GIB,
              start: customPlanGib(choices.current) ?? Math.min(CUSTOM_RAM_GIB.max, Math.round(server.ramMiB / 1024) + 1),
              perGib: CUSTOM_PRICE_PER_GIB[choices.interval as keyof typeof CUSTOM_PRICE_PER_GIB] ?? 0,
              currentAmount,
              locale,
              currency: choices.currency,
              text: {
                label: t('buy.custom.name'),
                ram: t('buy.custom.ram', { min: CUSTOM_RAM_GIB.min, max: CUSTOM_RAM_GIB.max }),
                price: t('plan.perInterval', { price: '{price}', interval: b(`intervals.${choices.interval}`) }),
                dearer: t('plan.dearer', { price: '{price}' }),
                cheaper: t('plan.cheaper', { price: '{price}', date: date(subscription.next.due) }),
              },
            }}
            pickerText={pickerText(b)}
            text={{ legend: t('plan.changeLegend'), submit: t('plan.submit'), confirm: t('plan.confirm'), back: t('plan.back'), intervalLegend: '', noCard: '', addCard: '' }}
          />
        ) : null}
      </>
    )
  }

  return (
    <>
      <section className="settings-card" aria-labelledby="server-plan">
        <h2 id="server-plan" className="settings-card__title">
          {t('plan.heading')}
        </h2>
        <TestModeNotice />
        <p>{t('plan.current', { plan: choices?.trial ? l('trialName') : planName(choices?.current ?? server.planKey) || server.planName })}</p>
        {planForm}
      </section>
      <section className="settings-card" aria-labelledby="server-billing">
        <h2 id="server-billing" className="settings-card__title">
          {t('billing.title')}
        </h2>
        {subscription ? <SubscriptionList subscriptions={[subscription]} methods={methods} prices={prices} /> : <p>{t('billing.none')}</p>}
        <p>
          <Link href="/settings/billing">{t('billing.manage')}</Link>
        </p>
      </section>
    </>
  )
}
