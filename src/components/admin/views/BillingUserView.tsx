import { notFound } from 'next/navigation'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'
import type { AdminViewServerProps } from 'payload'

import { actorOf, canManageBilling } from '@/access/core/roles'
import { formatMoney, isCurrency } from '@/lib/billing/currency'
import { minorToInput } from '@/lib/billing/parseAmount'
import { chargesOfUser, methodsOfUser, subscriptionsOf, type ChargeView, type SubscriptionView } from '@/lib/data/billing'
import { as, isLookupKey, viewerFor, type AuthUser, type Viewer } from '@/lib/data/viewer'

import { CancelForm, CreditForm, RefundForm } from '../billing/StaffActForms'
import { AdminPage } from './AdminPage'
import '../billing/adminBilling.css'

/**
 * `/admin/billing/{user id}` (spec §2 Admin, §6 "staff manage billing"): a user's subscriptions,
 * cards, charges with their refunds, and the staff acts so far; staff refund a paid charge in part or
 * in full, cancel a subscription now or at the end of its period, or credit free days — each with a
 * reason, recorded with who did it. A custom view is public in Payload: the staff check is here
 * (everyone else gets a 404) and again in every act (src/lib/billing/staffActs.ts).
 */
export async function BillingUserView(props: AdminViewServerProps) {
  const { req } = props.initPageResult
  if (!req.user || !canManageBilling(actorOf(req))) notFound()
  const segments = Array.isArray(props.params?.segments) ? props.params.segments : []
  const userId = segments[1] ?? ''
  if (!isLookupKey(userId) || userId.length > 64) notFound()
  const viewer = await viewerFor(req.payload, req.user as AuthUser)
  const found = await req.payload.find({ collection: 'users', where: { id: { equals: userId } }, limit: 1, depth: 0, select: { username: true }, ...as(viewer) })
  const user = found.docs[0]
  if (!user) notFound()

  const [subscriptions, methods, charges, acts, t, format, locale] = await Promise.all([
    subscriptionsOf(viewer, user.id),
    methodsOfUser(viewer, user.id),
    chargesOfUser(viewer, user.id),
    staffActsOf(viewer, user.id),
    getTranslations('AdminBilling'),
    getFormatter(),
    getLocale(),
  ])
  const money = (minor: number, currency: string) => (isCurrency(currency) ? formatMoney(minor, currency, locale) : `${minor} ${currency}`)
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' })
  const dateTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  const profile = `/user/${encodeURIComponent(user.username)}`
  const title = t('title', { username: user.username })
  const reasonHint = t('forms.reasonHint')

  // Refunds sit under the charge they refund; a refund whose charge is not listed stands on its own.
  const listed = new Set(charges.map((c) => c.id))
  const refundsOf = new Map<string, ChargeView[]>()
  for (const c of charges) if (c.type === 'refund' && c.parent && listed.has(c.parent)) refundsOf.set(c.parent, [...(refundsOf.get(c.parent) ?? []), c])
  const rows = charges.filter((c) => !(c.type === 'refund' && c.parent && listed.has(c.parent)))

  const nextCharge = (s: SubscriptionView) => {
    if (!s.next) return t('subscriptions.noNext')
    const values = { amount: money(s.next.amount, s.currency), date: date(s.next.due) }
    if (s.next.status === 'failed') return t('subscriptions.nextFailed', values)
    if (s.next.status === 'cancelled') return t('subscriptions.nextCancelled', values)
    return t('subscriptions.next', values)
  }
  // As src/lib/billing/staffActs.ts and the billing service decide (they check again).
  const cancelUnavailable = (s: SubscriptionView) => (s.status === 'provisioned' || s.next?.status === 'open' || s.next?.status === 'failed' ? undefined : t('forms.cancel.unavailable'))
  const creditUnavailable = (s: SubscriptionView) =>
    // eslint-disable-next-line react-hooks/purity -- a server component renders once per request: now is the request's time
    s.status === 'provisioned' && s.next && (s.next.status === 'open' || s.next.status === 'cancelled') && new Date(s.next.due).getTime() > Date.now() ? undefined : t('forms.credit.unavailable')

  return (
    <AdminPage props={props} title={title}>
      <div className="bf-billing" data-testid="admin-billing">
        <h1>{title}</h1>
        <p className="bf-work__detail">
          {t.rich('lead', { link: (chunks) => <a href={profile}>{chunks}</a>, username: user.username })}
        </p>
        <dl className="bf-billing__facts">
          <dt>{t('user.username')}</dt>
          <dd>
            <a href={profile}>{user.username}</a>
          </dd>
          <dt>{t('user.id')}</dt>
          <dd>
            <code>{user.id}</code>
          </dd>
        </dl>

        <section aria-labelledby="bf-billing-subscriptions">
          <h2 id="bf-billing-subscriptions">{t('subscriptions.heading')}</h2>
          {subscriptions.length ? (
            <div className="bf-billing__scroll">
              <table className="bf-work__table bf-billing__table" data-testid="admin-billing-subscriptions">
                <thead>
                  <tr>
                    <th scope="col">{t('subscriptions.product')}</th>
                    <th scope="col">{t('subscriptions.interval')}</th>
                    <th scope="col">{t('subscriptions.status')}</th>
                    <th scope="col">{t('subscriptions.nextCharge')}</th>
                    <th scope="col">{t('subscriptions.started')}</th>
                    <th scope="col">{t('acts')}</th>
                  </tr>
                </thead>
                <tbody>
                  {subscriptions.map((s) => (
                    <tr key={s.id} data-subscription={s.id}>
                      <th scope="row">{s.productName || s.productKey}</th>
                      <td>{t(`intervals.${s.interval}`)}</td>
                      <td>
                        {t(`subscriptions.statuses.${s.status}`)}
                        {s.status === 'unprovisioned' && s.endedReason ? ` — ${t(`subscriptions.ended.${s.endedReason}`)}` : null}
                      </td>
                      <td>
                        {nextCharge(s)}
                        {s.next?.failureMessage ? <span className="bf-billing__note">{s.next.failureMessage}</span> : null}
                      </td>
                      <td>{date(s.createdAt)}</td>
                      <td className="bf-billing__acts">
                        <details>
                          <summary>{t('forms.cancel.summary')}</summary>
                          <CancelForm
                            userId={user.id}
                            subscriptionId={s.id}
                            unavailable={cancelUnavailable(s)}
                            texts={{
                              label: t('forms.cancel.label', { product: s.productName }),
                              when: t('forms.cancel.when'),
                              now: t('forms.cancel.now'),
                              periodEnd: t('forms.cancel.periodEnd'),
                              reason: t('forms.reason'),
                              reasonHint,
                              submit: t('forms.cancel.submit'),
                            }}
                          />
                        </details>
                        <details>
                          <summary>{t('forms.credit.summary')}</summary>
                          <CreditForm
                            userId={user.id}
                            subscriptionId={s.id}
                            unavailable={creditUnavailable(s)}
                            texts={{ label: t('forms.credit.label', { product: s.productName }), days: t('forms.credit.days'), reason: t('forms.reason'), reasonHint, submit: t('forms.credit.submit') }}
                          />
                        </details>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('subscriptions.none')}</p>
          )}
        </section>

        <section aria-labelledby="bf-billing-methods">
          <h2 id="bf-billing-methods">{t('methods.heading')}</h2>
          {methods.length ? (
            <ul className="bf-billing__methods" data-testid="admin-billing-methods">
              {methods.map((m) => (
                <li key={m.id}>
                  {t('methods.card', { brand: t(`brands.${m.brand}`), last4: m.last4 })} · {t('methods.expires', { month: String(m.expMonth).padStart(2, '0'), year: m.expYear })}
                  {m.primary ? <span className="bf-work__badge">{t('methods.primary')}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('methods.none')}</p>
          )}
        </section>

        <section aria-labelledby="bf-billing-charges">
          <h2 id="bf-billing-charges">{t('charges.heading')}</h2>
          {rows.length ? (
            <div className="bf-billing__scroll">
              <table className="bf-work__table bf-billing__table" data-testid="admin-billing-charges">
                <thead>
                  <tr>
                    <th scope="col">{t('charges.date')}</th>
                    <th scope="col">{t('charges.what')}</th>
                    <th scope="col">{t('charges.status')}</th>
                    <th scope="col">{t('charges.amount')}</th>
                    <th scope="col">{t('charges.card')}</th>
                    <th scope="col">{t('charges.refunded')}</th>
                    <th scope="col">{t('acts')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((c) => {
                    const paid = c.type !== 'refund' && c.status === 'succeeded' && c.amount > 0
                    const left = paid ? Math.max(0, c.amount - c.refunded) : 0
                    const amount = money(c.amount, c.currency)
                    return [
                      <tr key={c.id} data-charge={c.id}>
                        <th scope="row">{dateTime(c.createdAt)}</th>
                        <td>
                          {t(`charges.types.${c.type}`)}
                          {c.productName ? ` · ${c.productName}` : null}
                          {c.reason ? <span className="bf-billing__note">{c.reason}</span> : null}
                        </td>
                        <td>
                          {t(`charges.statuses.${c.status}`)}
                          {c.failureMessage ? <span className="bf-billing__note">{c.failureMessage}</span> : null}
                        </td>
                        <td className="bf-billing__money">{amount}</td>
                        <td className="bf-billing__card">{c.card ?? '—'}</td>
                        <td className="bf-billing__money">{c.refunded ? money(c.refunded, c.currency) : '—'}</td>
                        <td className="bf-billing__acts">
                          {paid ? (
                            <details>
                              <summary>{t('forms.refund.summary')}</summary>
                              <RefundForm
                                userId={user.id}
                                chargeId={c.id}
                                max={minorToInput(left, c.currency)}
                                unavailable={left > 0 ? undefined : t('forms.refund.unavailable')}
                                texts={{
                                  label: t('forms.refund.label', { amount, date: date(c.createdAt) }),
                                  amount: t('forms.refund.amount', { currency: c.currency }),
                                  amountHint: t('forms.refund.amountHint', { left: money(left, c.currency) }),
                                  reason: t('forms.reason'),
                                  reasonHint,
                                  endPerks: t('forms.refund.endPerks'),
                                  submit: t('forms.refund.submit'),
                                }}
                              />
                            </details>
                          ) : null}
                        </td>
                      </tr>,
                      ...(refundsOf.get(c.id) ?? []).map((r) => (
                        <tr key={r.id} data-charge={r.id} data-refund-of={c.id} className="bf-billing__refund">
                          <th scope="row">{dateTime(r.createdAt)}</th>
                          <td>
                            {t('charges.refundOf', { amount })}
                            {r.reason ? <span className="bf-billing__note">{r.reason}</span> : null}
                          </td>
                          <td>
                            {r.status === 'succeeded' ? t('charges.refundDone') : t(`charges.statuses.${r.status}`)}
                            {r.failureMessage ? <span className="bf-billing__note">{r.failureMessage}</span> : null}
                          </td>
                          <td className="bf-billing__money">{money(r.amount, r.currency)}</td>
                          <td className="bf-billing__card">{r.card ?? '—'}</td>
                          <td />
                          <td />
                        </tr>
                      )),
                    ]
                  })}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('charges.none')}</p>
          )}
        </section>

        <section aria-labelledby="bf-billing-acts">
          <h2 id="bf-billing-acts">{t('history.heading')}</h2>
          {acts.length ? (
            <div className="bf-billing__scroll">
              <table className="bf-work__table bf-billing__table" data-testid="admin-billing-acts">
                <thead>
                  <tr>
                    <th scope="col">{t('history.when')}</th>
                    <th scope="col">{t('history.who')}</th>
                    <th scope="col">{t('history.what')}</th>
                    <th scope="col">{t('history.why')}</th>
                  </tr>
                </thead>
                <tbody>
                  {acts.map((a) => (
                    <tr key={a.id}>
                      <th scope="row">{dateTime(a.createdAt)}</th>
                      <td>{a.staff ? <a href={`/user/${encodeURIComponent(a.staff)}`}>{a.staff}</a> : t('history.formerStaff')}</td>
                      <td>
                        {a.act === 'refund'
                          ? t('history.acts.refund', { amount: a.amount != null && a.currency ? money(a.amount, a.currency) : '—' })
                          : a.act === 'credit'
                            ? t('history.acts.credit', { count: a.days ?? 0 })
                            : t(`history.acts.${a.act}`)}
                      </td>
                      <td className="bf-billing__reason">{a.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('history.none')}</p>
          )}
        </section>
      </div>
    </AdminPage>
  )
}

type StaffActRow = { id: string; act: 'refund' | 'cancelNow' | 'cancelAtPeriodEnd' | 'credit'; staff: string | null; amount: number | null; currency: string | null; days: number | null; reason: string; createdAt: string }

/** The staff acts on a user's billing, newest first, with who did them (billing-staff-acts is staff-only to read). */
async function staffActsOf(viewer: Viewer, userId: string): Promise<StaffActRow[]> {
  const { docs } = await viewer.payload.find({ collection: 'billing-staff-acts', where: { user: { equals: userId } }, sort: '-createdAt', limit: 200, depth: 1, ...as(viewer) })
  return docs.map((a) => ({
    id: a.id,
    act: a.act,
    staff: typeof a.staff === 'object' && a.staff ? a.staff.username : null,
    amount: a.amount ?? null,
    currency: typeof a.charge === 'object' && a.charge ? a.charge.currency : null,
    days: a.days ?? null,
    reason: a.reason,
    createdAt: a.createdAt,
  }))
}
