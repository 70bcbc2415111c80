import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { PayoutTestModeNotice } from '@/components/revenue/PayoutTestModeNotice'
import { RevenueTabs } from '@/components/revenue/RevenueTabs'
import { TransferTable } from '@/components/revenue/TransferTable'
import { requireUser } from '@/lib/auth/guard'
import { currentViewer } from '@/lib/data/currentViewer'
import { transfersOf } from '@/lib/data/revenue'
import type { Viewer } from '@/lib/data/viewer'
import { payoutTestMode } from '@/plugins/revenue/service/rails'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Revenue.transfers')
  return { title: t('metaTitle'), robots: { index: false } }
}

/** /dashboard/revenue/transfers (issue 30): every withdrawal, where it went and where it stands. */
export default async function TransfersPage() {
  const user = await requireUser()
  const [t, viewer] = await Promise.all([getTranslations('Revenue.transfers'), currentViewer()])
  const transfers = await transfersOf({ ...viewer, user } as Viewer & { user: typeof user })
  return (
    <DashboardFrame active="revenue" title={t('heading')} lead={t('lead')}>
      <div className="dashboard-stack">
        <RevenueTabs active="transfers" />
        <PayoutTestModeNotice testMode={payoutTestMode(viewer.payload)} />
        {transfers.length ? (
          <TransferTable transfers={transfers} />
        ) : (
          <p className="settings-card__lead">
            {t.rich('none', { link: (chunks) => <Link href="/dashboard/revenue/withdraw">{chunks}</Link> })}
          </p>
        )}
      </div>
    </DashboardFrame>
  )
}
