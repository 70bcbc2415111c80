import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { PayoutTestModeNotice } from '@/components/revenue/PayoutTestModeNotice'
import { RevenueTabs } from '@/components/revenue/RevenueTabs'
import { WithdrawForm } from '@/components/revenue/WithdrawForm'
import { requireUser } from '@/lib/auth/guard'
import { currentViewer } from '@/lib/data/currentViewer'
import { withdrawPage } from '@/lib/data/revenue'
import type { Viewer } from '@/lib/data/viewer'
import { formatUsdMicro } from '@/lib/revenue/money'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Revenue.withdraw')
  return { title: t('metaTitle'), robots: { index: false } }
}

/**
 * /dashboard/revenue/withdraw (issue 30): choose a payout method (or "Pay Blockforge"), see the fee,
 * the minimum and what arrives before confirming; the year's tax form when this withdrawal needs it.
 */
export default async function WithdrawPage() {
  const user = await requireUser()
  const [t, viewer] = await Promise.all([getTranslations('Revenue.withdraw'), currentViewer()])
  const data = await withdrawPage({ ...viewer, user } as Viewer & { user: typeof user })
  return (
    <DashboardFrame active="revenue" title={t('heading')} lead={t('lead')}>
      <div className="dashboard-stack">
        <RevenueTabs active="withdraw" />
        <PayoutTestModeNotice testMode={data.testMode} />
        <p className="revenue-withdraw__available" data-testid="withdraw-available">
          {t('available', { amount: formatUsdMicro(BigInt(data.available)) })}
        </p>
        {data.held ? (
          <p className="revenue-held" role="status" data-testid="revenue-held">
            {t('held')}
          </p>
        ) : null}
        {!data.emailVerified ? (
          <p className="revenue-held" role="status">
            {t.rich('verifyEmail', { link: (chunks) => <Link href="/settings/account">{chunks}</Link> })}
          </p>
        ) : null}
        <section className="settings-card">
          <WithdrawForm data={data} />
        </section>
      </div>
    </DashboardFrame>
  )
}
