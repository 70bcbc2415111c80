import type { ChargeView } from '@/lib/data/billing'

import { billingText } from './labels'
import { billingFormat } from './money'

/**
 * Every charge of the user (spec: /settings/billing/charges): date, product, type, status, card and
 * amount in the charge's own currency. A refund is a negative line with its reason; the charge it
 * refunds says how much was refunded.
 */
export async function ChargeTable({ charges }: { charges: ChargeView[] }) {
  const [t, f] = await Promise.all([billingText(), billingFormat()])
  if (!charges.length) return <p className="project-settings__hint">{t('charges.none')}</p>
  // By when each was due (a renewal is written a period before it is charged), newest first.
  const label = Object.fromEntries((['date', 'product', 'type', 'status', 'card', 'amount'] as const).map((c) => [c, t(`charges.columns.${c}`)])) as Record<'date' | 'product' | 'type' | 'status' | 'card' | 'amount', string>
  const rows = [...charges].sort((a, b) => b.due.localeCompare(a.due) || b.createdAt.localeCompare(a.createdAt))
  return (
    <div className="dashboard-table-wrap">
      <table className="dashboard-table billing-charges" aria-label={t('charges.tableLabel')}>
        <thead>
          <tr>
            {(['date', 'product', 'type', 'status', 'card'] as const).map((c) => (
              <th key={c} scope="col">
                {label[c]}
              </th>
            ))}
            <th scope="col" className="dashboard-table__number">
              {label.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id} data-testid="charge" className={c.type === 'refund' ? 'billing-charges__refund' : undefined}>
              <td data-label={label.date}>
                <time dateTime={c.due}>{f.date(c.due)}</time>
              </td>
              <td data-label={label.product}>{c.productName ?? t('charges.empty')}</td>
              <td data-label={label.type}>
                <span>
                  {t(`charges.type.${c.type}`)}
                  {c.type === 'refund' && c.reason ? <span className="dashboard-table__sub">{t('charges.reason', { reason: c.reason })}</span> : null}
                </span>
              </td>
              <td data-label={label.status}>
                <span>
                  {c.type === 'refund' && c.status === 'succeeded' ? t('charges.refundDone') : t(`charges.status.${c.status}`)}
                  {c.status === 'failed' && c.failureMessage ? <span className="dashboard-table__sub">{c.failureMessage}</span> : null}
                  {c.refunded > 0 ? <span className="dashboard-table__sub billing-charges__refunded">{t('charges.refunded', { amount: f.money(c.refunded, c.currency) })}</span> : null}
                </span>
              </td>
              <td data-label={label.card}>{c.card ?? t('charges.empty')}</td>
              <td data-label={label.amount} className="dashboard-table__number">
                {f.money(c.amount, c.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
