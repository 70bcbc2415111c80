import { getFormatter, getTranslations } from 'next-intl/server'

import type { TransferView } from '@/lib/data/revenue'
import { formatUsdMicro } from '@/lib/revenue/money'

import { CancelTransferForm } from './CancelTransferForm'

/**
 * Every withdrawal (/dashboard/revenue/transfers): date, payout method, where it went (masked), the
 * gross taken from the balance, the fee, what arrived, where it stands and — when it failed, was
 * cancelled or came back — why. A payout still in transit through a rail that can stop it has
 * "Cancel".
 */
export async function TransferTable({ transfers }: { transfers: TransferView[] }) {
  const [t, format] = await Promise.all([getTranslations('Revenue'), getFormatter()])
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className="dashboard-table-wrap">
      <table className="dashboard-table revenue-transfers" data-testid="transfers">
        <caption className="visually-hidden">{t('transfers.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('transfers.date')}</th>
            <th scope="col">{t('transfers.method')}</th>
            <th scope="col">{t('transfers.destination')}</th>
            <th scope="col" className="dashboard-table__number">
              {t('transfers.gross')}
            </th>
            <th scope="col" className="dashboard-table__number">
              {t('transfers.fee')}
            </th>
            <th scope="col" className="dashboard-table__number">
              {t('transfers.net')}
            </th>
            <th scope="col">{t('transfers.status')}</th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((w) => {
            const gross = formatUsdMicro(BigInt(w.gross))
            return (
              <tr key={w.id} data-withdrawal={w.id}>
                <th scope="row">
                  <time dateTime={w.createdAt}>{when(w.createdAt)}</time>
                </th>
                <td>
                  {t(`rails.${w.rail}`)}
                  {w.testMode ? <span className="revenue-transfers__note">{t('transfers.testMode')}</span> : null}
                </td>
                <td className="revenue-transfers__destination">{w.destination}</td>
                <td className="dashboard-table__number">{gross}</td>
                <td className="dashboard-table__number">{formatUsdMicro(BigInt(w.fee))}</td>
                <td className="dashboard-table__number">{formatUsdMicro(BigInt(w.net))}</td>
                <td>
                  <span className={`status-badge status-badge--small revenue-status revenue-status--${w.status}`}>{t(`transfers.statuses.${w.status}`)}</span>
                  {w.reason ? <span className="revenue-transfers__note">{t('transfers.reason', { reason: w.reason })}</span> : null}
                  {w.settledAt && w.status !== 'inTransit' ? <span className="revenue-transfers__note">{t('transfers.settled', { date: when(w.settledAt) })}</span> : null}
                  {w.cancellable || w.status === 'cancelled' ? <CancelTransferForm withdrawalId={w.id} what={t('transfers.what', { gross, destination: w.destination })} cancellable={w.cancellable} /> : null}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
