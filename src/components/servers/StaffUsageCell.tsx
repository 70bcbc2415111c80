import { getTranslations } from 'next-intl/server'

import type { UsageView } from '@/lib/data/serverUsage'

/** /servers/admin's usage column: RAM, CPU and disk now (as the node reports them) against the plan's limits. */
export async function StaffUsageCell({ view }: { view: UsageView | undefined }) {
  const t = await getTranslations('Servers.staff.usage')
  if (view && !view.answered) return <span className="staff-usage">{t('notAnswering')}</span>
  if (!view?.usage) return <>—</>
  const { usage } = view
  return (
    <p className="staff-usage" data-testid="staff-usage">
      {t('ram', { used: usage.ramMiB, total: view.ramLimitMiB })}
      <br />
      {t('cpu', { percent: usage.cpuPercent })}
      <br />
      {usage.storageMiB === null ? t('diskUnknown') : t('disk', { used: usage.storageMiB, total: view.storageLimitMiB })}
    </p>
  )
}
