import { notFound, redirect } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'
import type { AdminViewServerProps } from 'payload'

import { actorOf, canManageRevenue } from '@/access/core/roles'
import { ADMIN_REVENUE_PATH, adminRevenueUserPath } from '@/lib/adminPaths'
import { staffRevenueOverview } from '@/lib/data/revenueStaff'
import { as, isLookupKey, viewerFor, type AuthUser } from '@/lib/data/viewer'
import { formatUsdMicro } from '@/lib/revenue/money'

import { AdminPage } from './AdminPage'
import '../billing/adminBilling.css'

/**
 * `/admin/revenue` (issue 30): the held balances and the payouts that failed, came back or are stuck
 * in transit, site-wide, each leading to the user's ledger; and a lookup by username or id. A static
 * custom view is served to anyone by Payload: the staff check is here (everyone else gets a 404).
 */
export async function RevenueOverviewView(props: AdminViewServerProps) {
  const { req } = props.initPageResult
  if (!req.user || !canManageRevenue(actorOf(req))) notFound()
  const viewer = await viewerFor(req.payload, req.user as AuthUser)
  const wanted = typeof props.searchParams?.user === 'string' ? props.searchParams.user.trim() : ''
  const t = await getTranslations('AdminRevenue')
  let notFoundUser = false
  if (wanted && isLookupKey(wanted) && wanted.length <= 64) {
    const found = await req.payload.find({ collection: 'users', where: { or: [{ id: { equals: wanted } }, { username: { equals: wanted } }, { username: { equals: wanted.toLowerCase() } }] }, limit: 1, depth: 0, select: { username: true }, ...as(viewer) })
    if (found.docs[0]) redirect(adminRevenueUserPath(found.docs[0].id))
    notFoundUser = true
  }
  const [overview, format] = await Promise.all([staffRevenueOverview(viewer), getFormatter()])
  if (!overview) notFound()
  const dateTime = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <AdminPage props={props} title={t('overview.title')}>
      <div className="bf-billing" data-testid="admin-revenue-overview">
        <h1>{t('overview.title')}</h1>
        <p className="bf-work__detail">{t('overview.lead')}</p>
        <form method="get" action={ADMIN_REVENUE_PATH} className="bf-billing-form" role="search" aria-label={t('overview.find')}>
          <div className="bf-billing-form__field">
            <label htmlFor="bf-revenue-user">{t('overview.user')}</label>
            <input id="bf-revenue-user" name="user" required maxLength={64} defaultValue={wanted} className="bf-admin-input" />
          </div>
          <button type="submit" className="bf-admin-button">
            {t('overview.open')}
          </button>
          {notFoundUser ? (
            <p role="alert" className="bf-billing-form__error">
              {t('overview.noUser')}
            </p>
          ) : null}
        </form>

        <section aria-labelledby="bf-revenue-held">
          <h2 id="bf-revenue-held">{t('overview.held')}</h2>
          {overview.held.length ? (
            <ul data-testid="admin-revenue-held">
              {overview.held.map((h) => (
                <li key={h.userId}>
                  <a href={adminRevenueUserPath(h.userId)}>{h.username ?? h.userId}</a> — {h.reason} ({dateTime(h.heldAt)})
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('overview.noneHeld')}</p>
          )}
        </section>

        <section aria-labelledby="bf-revenue-failed-all">
          <h2 id="bf-revenue-failed-all">{t('failed.heading')}</h2>
          {overview.failed.length ? (
            <div className="bf-billing__scroll">
              <table className="bf-work__table bf-billing__table" data-testid="admin-revenue-failed-all">
                <thead>
                  <tr>
                    <th scope="col">{t('withdrawals.date')}</th>
                    <th scope="col">{t('overview.creator')}</th>
                    <th scope="col">{t('withdrawals.rail')}</th>
                    <th scope="col">{t('withdrawals.gross')}</th>
                    <th scope="col">{t('withdrawals.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.failed.map((w) => (
                    <tr key={w.id}>
                      <th scope="row">{dateTime(w.createdAt)}</th>
                      <td>{w.userId ? <a href={adminRevenueUserPath(w.userId)}>{w.username ?? w.userId}</a> : t('overview.deleted')}</td>
                      <td>{t(`rails.${w.rail}`)}</td>
                      <td className="bf-billing__money">{formatUsdMicro(BigInt(w.gross))}</td>
                      <td>
                        {t(`withdrawals.statuses.${w.status}`)}
                        {w.reason ? <span className="bf-billing__note">{w.reason}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('failed.none')}</p>
          )}
        </section>
      </div>
    </AdminPage>
  )
}
