import { getTranslations } from 'next-intl/server'

import type { PowerState, ServerStatus, SuspensionReason } from '@/lib/hosting/status'

/** A server's state in one word: its status (upgrading is its own), or its power state once it is ready. */
export async function ServerStatusBadge({ status, power, reason }: { status: ServerStatus; power: PowerState; reason?: SuspensionReason | null }) {
  const t = await getTranslations('Servers')
  const upgrading = status === 'suspended' && reason === 'upgrading'
  const label = status === 'available' ? t(`power.state.${power}`) : upgrading ? t('status.upgrading') : t(`status.${status}`)
  return (
    <span className={`server-badge server-badge--${status === 'available' ? power : upgrading ? 'upgrading' : status}`} data-testid="server-status">
      {label}
    </span>
  )
}
