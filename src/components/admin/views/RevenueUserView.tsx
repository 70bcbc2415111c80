import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'
import type { AdminViewServerProps } from 'payload'

import { actorOf, canManageRevenue } from '@/access/core/roles'
import { ADMIN_REVENUE_PATH } from '@/lib/adminPaths'
import { staffLedgerOf, type StaffWithdrawal } from '@/lib/data/revenueStaff'
import { isLookupKey, viewerFor, type AuthUser } from '@/lib/data/viewer'
import { formatUsdExact } from '@/lib/revenue/display'
import { formatUsdMicro } from '@/lib/revenue/money'

import { HoldForm } from '../revenue/HoldForm'
import { AdminPage } from './AdminPage'
import '../billing/adminBilling.css'

/**
 * `/admin/revenue/{user id}` (issue 30): any user's ledger for staff — the balance (available,
 * pending, held), the payouts that failed or came back, every withdrawal, the ledger's entries, the
 * tax forms given, and the staff acts so far; staff hold or release the balance with a reason,
 * recorded with who did it. A custom view is public in Payload: the staff check is here (everyone
 * else gets a 404) and again in the act (src/lib/revenue/staffActs.ts).
 */
export async function RevenueUserView(props: AdminViewServerProps) {
  const { req } = props.initPageResult
  if (!req.user || !canManageRevenue(actorOf(req))) notFound()
  const segments = Array.isArray(props.params?.segments) ? props.params.segments : []
  const userId = segments[1] ?? ''
  if (!isLookupKey(userId) || userId.length > 64) notFound()
  const viewer = await viewerFor(req.payload, req.user as AuthUser)
  const [ledger, t, format] = await Promise.all([staffLedgerOf(viewer, userId), getTranslations('AdminRevenue'), getFormatter()])
  if (!ledger) notFound()
  const { user } = ledger
  const money = (micro: string) => formatUsdMicro(BigInt(micro))
  const dateTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  const title = t('title', { username: user.username })
  const profile = `/user/${encodeURIComponent(user.username)}`

  const withdrawalRows = (rows: StaffWithdrawal[], testId: string) => (
    <div className="bf-billing__scroll">
      <table className="bf-work__table bf-billing__table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('withdrawals.date')}</th>
            <th scope="col">{t('withdrawals.rail')}</th>
            <th scope="col">{t('withdrawals.destination')}</th>
            <th scope="col">{t('withdrawals.gross')}</th>
            <th scope="col">{t('withdrawals.fee')}</th>
            <th scope="col">{t('withdrawals.net')}</th>
            <th scope="col">{t('withdrawals.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((w) => (
            <tr key={w.id} data-withdrawal={w.id}>
              <th scope="row">{dateTime(w.createdAt)}</th>
              <td>{t(`rails.${w.rail}`)}</td>
              <td className="bf-billing__card">{w.destination}</td>
              <td className="bf-billing__money">{money(w.gross)}</td>
              <td className="bf-billing__money">{money(w.fee)}</td>
              <td className="bf-billing__money">{money(w.net)}</td>
              <td>
                {t(`withdrawals.statuses.${w.status}`)}
                {w.reason ? <span className="bf-billing__note">{w.reason}</span> : null}
                <span className="bf-billing__note">
                  <code>{w.id}</code>
                  {w.railPayoutId ? (
                    <>
                      {' · '}
                      <code>{w.railPayoutId}</code>
                    </>
                  ) : null}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )

  return (
    <AdminPage props={props} title={title}>
      <div className="bf-billing" data-testid="admin-revenue">
        <h1>{title}</h1>
        <p className="bf-work__detail">
          {t.rich('lead', { link: (chunks) => <a href={profile}>{chunks}</a>, username: user.username })} <a href={ADMIN_REVENUE_PATH}>{t('back')}</a>
        </p>
        <dl className="bf-billing__facts" data-testid="admin-revenue-balance">
          <dt>{t('user.id')}</dt>
          <dd>
            <code>{user.id}</code>
          </dd>
          <dt>{t('balance.available')}</dt>
          <dd>{money(ledger.available)}</dd>
          <dt>{t('balance.pending')}</dt>
          <dd>{money(ledger.pending)}</dd>
          <dt>{t('balance.hold')}</dt>
          <dd>{ledger.hold ? t('balance.held', { reason: ledger.hold.reason, date: dateTime(ledger.hold.heldAt) }) : t('balance.notHeld')}</dd>
        </dl>

        <section aria-labelledby="bf-revenue-hold">
          <h2 id="bf-revenue-hold">{ledger.hold ? t('hold.releaseHeading') : t('hold.heading')}</h2>
          <HoldForm
            userId={user.id}
            held={!!ledger.hold}
            texts={{
              legend: ledger.hold ? t('hold.releaseLabel', { username: user.username }) : t('hold.label', { username: user.username }),
              reason: t('hold.reason'),
              reasonHint: t('hold.reasonHint'),
              submit: ledger.hold ? t('hold.release') : t('hold.hold'),
            }}
          />
        </section>

        <section aria-labelledby="bf-revenue-failed">
          <h2 id="bf-revenue-failed">{t('failed.heading')}</h2>
          {ledger.failed.length ? withdrawalRows(ledger.failed, 'admin-revenue-failed') : <p>{t('failed.none')}</p>}
        </section>

        <section aria-labelledby="bf-revenue-withdrawals">
          <h2 id="bf-revenue-withdrawals">{t('withdrawals.heading')}</h2>
          {ledger.withdrawals.length ? withdrawalRows(ledger.withdrawals, 'admin-revenue-withdrawals') : <p>{t('withdrawals.none')}</p>}
        </section>

        <section aria-labelledby="bf-revenue-entries">
          <h2 id="bf-revenue-entries">{t('entries.heading')}</h2>
          {ledger.entries.length ? (
            <div className="bf-billing__scroll">
              <table className="bf-work__table bf-billing__table" data-testid="admin-revenue-entries">
                <thead>
                  <tr>
                    <th scope="col">{t('entries.date')}</th>
                    <th scope="col">{t('entries.kind')}</th>
                    <th scope="col">{t('entries.amount')}</th>
                    <th scope="col">{t('entries.available')}</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.entries.map((e, i) => (
                    <tr key={`${e.transactionId}-${i}`}>
                      <th scope="row">{dateTime(e.createdAt)}</th>
                      <td>
                        {t(`entries.kinds.${e.kind}`)}
                        {e.memo ? <span className="bf-billing__note">{e.memo}</span> : null}
                      </td>
                      <td className="bf-billing__money">{formatUsdExact(BigInt(e.amount))}</td>
                      <td>{dateTime(e.availableAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('entries.none')}</p>
          )}
        </section>

        <section aria-labelledby="bf-revenue-tax">
          <h2 id="bf-revenue-tax">{t('tax.heading')}</h2>
          {ledger.taxForms.length ? (
            <ul data-testid="admin-revenue-tax">
              {ledger.taxForms.map((f) => (
                <li key={f.year}>{t('tax.form', { year: f.year, name: f.legalName, country: f.country, type: t(`tax.types.${f.taxIdType as 'ssn'}`), last4: f.taxIdLast4, signed: f.signedOn })}</li>
              ))}
            </ul>
          ) : (
            <p>{t('tax.none')}</p>
          )}
        </section>

        <section aria-labelledby="bf-revenue-acts">
          <h2 id="bf-revenue-acts">{t('acts.heading')}</h2>
          {ledger.acts.length ? (
            <div className="bf-billing__scroll">
              <table className="bf-work__table bf-billing__table" data-testid="admin-revenue-acts">
                <thead>
                  <tr>
                    <th scope="col">{t('acts.when')}</th>
                    <th scope="col">{t('acts.who')}</th>
                    <th scope="col">{t('acts.what')}</th>
                    <th scope="col">{t('acts.why')}</th>
                  </tr>
                </thead>
                <tbody>
                  {ledger.acts.map((a) => (
                    <tr key={a.id}>
                      <th scope="row">{dateTime(a.createdAt)}</th>
                      <td>{a.staff ? <a href={`/user/${encodeURIComponent(a.staff)}`}>{a.staff}</a> : t('acts.formerStaff')}</td>
                      <td>{t(`acts.kinds.${a.act}`)}</td>
                      <td className="bf-billing__reason">{a.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('acts.none')}</p>
          )}
        </section>
      </div>
    </AdminPage>
  )
}
