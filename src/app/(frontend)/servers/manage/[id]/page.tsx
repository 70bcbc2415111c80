import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'

import { ServerOverview } from '@/components/servers/ServerOverview'
import { serverOf } from '@/lib/data/hosting'
import { currentViewer } from '@/lib/data/currentViewer'
import { env } from '@/lib/env'
import { SUSPENSION_TEXT } from '@/lib/hosting/status'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('nav.overview'), robots: { index: false } }
}

/** /servers/manage/{id}: the live console, power, usage, players and the address to copy. */
export default async function ServerOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  const server = await serverOf(viewer, id)
  if (!server) notFound()
  const domain = env.hostingDomain()
  const upgrading = server.status === 'suspended' && server.suspensionReason === 'upgrading'
  const keys = ['running', 'stopped', 'starting', 'stopping', 'crashed', 'unreachable'] as const
  return (
    <ServerOverview
      server={{
        id: server.id,
        status: server.status,
        address: server.address,
        // The owner's preferences: the subdomain label hidden, memory as a share of the plan.
        joinName: domain && server.subdomain && !server.preferences.hideSubdomainLabel ? `${server.subdomain}.${domain}` : null,
        cpus: server.cpus,
        ramMiB: server.ramMiB,
        lastError: server.lastError,
        powerState: server.powerState,
        ramAsPercent: server.preferences.ramAsPercent,
        upgrading,
      }}
      suspension={
        server.status !== 'suspended' || upgrading
          ? null
          : server.suspensionReason === 'moderated' && server.staffReason
            ? t('overview.staffReason', { reason: server.staffReason })
            : SUSPENSION_TEXT[server.suspensionReason ?? 'other']
      }
      text={{
        suspended: t('status.suspended'),
        upgrading: t('overview.upgrading'),
        upgradingLead: t('overview.upgradingLead'),
        installing: t('overview.installing'),
        broken: t('overview.broken'),
        lastLines: t('overview.lastLines'),
        unprovisioned: t('overview.unprovisioned'),
        resubscribe: t('overview.resubscribe'),
        copy: t('overview.copy'),
        copied: t('overview.copied'),
        address: t('manage.address'),
        joinAt: t('network.joinAt', { name: '{name}' }),
        console: t('overview.console'),
        command: t('overview.command'),
        send: t('overview.send'),
        connecting: t('overview.connecting'),
        connectionLost: t('overview.connectionLost'),
        cpu: t('overview.cpu'),
        ram: t('overview.ram'),
        players: t('overview.players'),
        power: { start: t('power.start'), stop: t('power.stop'), restart: t('power.restart'), kill: t('power.kill') },
        states: Object.fromEntries(keys.map((k) => [k, t(`power.state.${k}`)])) as Record<(typeof keys)[number], string>,
        reset: t('repair.reset'),
        reinstall: t('repair.reinstall'),
        reinstallConfirm: t('repair.reinstallConfirm'),
        ...(server.preferences.confirmPower ? { confirm: { stop: t('preferences.confirmStop'), kill: t('preferences.confirmKill') } } : {}),
      }}
    />
  )
}
