import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getLocale, getTranslations } from 'next-intl/server'

import { ServerStatusBadge } from '@/components/servers/ServerStatusBadge'
import { StaffMoveForm } from '@/components/servers/StaffMoveForm'
import { StaffServerForms } from '@/components/servers/StaffServerForms'
import { StaffUsageCell } from '@/components/servers/StaffUsageCell'
import { requireUser } from '@/lib/auth/guard'
import { currentViewer } from '@/lib/data/currentViewer'
import { moveTargets, staffNodes, staffServers } from '@/lib/data/serverStaff'
import { staffUsage } from '@/lib/data/serverUsage'
import { SERVER_STATUSES, type ServerStatus } from '@/lib/hosting/status'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Servers')
  return { title: t('staff.title'), robots: { index: false } }
}

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : '')

/**
 * /servers/admin (spec §2; staff only, 404 for everyone else): every server with its owner, node,
 * use now (its node asked), state and plan, filtered by state and searched by name, id or owner;
 * suspend with a reason or lift it; move it to another node of its region; the nodes with their
 * room and health. Notices are kept in /admin.
 */
export default async function ServersAdminPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireUser('/servers/admin')
  const [t, s, locale, viewer, params] = await Promise.all([getTranslations('Servers'), getTranslations('Servers.status'), getLocale(), currentViewer(), searchParams])
  const status = (SERVER_STATUSES as readonly string[]).includes(one(params.status)) ? (one(params.status) as ServerStatus) : ''
  const q = one(params.q).slice(0, 64)
  const [servers, nodes] = await Promise.all([staffServers(viewer, { q, status }), staffNodes(viewer)])
  if (!servers) notFound()
  const ids = servers.map((s) => s.id)
  const [usage, targets] = await Promise.all([staffUsage(viewer, ids), moveTargets(viewer, ids)])
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const text = { reason: t('staff.reason'), suspend: t('staff.suspend'), unsuspend: t('staff.unsuspend') }
  const moveText = { label: t('staff.move.label'), move: t('staff.move.button'), moving: t('staff.move.moving'), none: t('staff.move.none') }
  return (
    <div className="container servers-admin">
      <h1>{t('staff.title')}</h1>
      <p>{t('staff.lead')}</p>
      <form method="get" className="servers-admin__filter" role="search">
        <label className="project-settings__label">
          {t('staff.search')}
          <input name="q" className="input" defaultValue={q} maxLength={64} />
        </label>
        <label className="project-settings__label">
          {t('staff.status')}
          <select name="status" className="input" defaultValue={status}>
            <option value="">{t('staff.anyStatus')}</option>
            {SERVER_STATUSES.map((v) => (
              <option key={v} value={v}>
                {s(v)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          {t('staff.filter')}
        </button>
      </form>
      <p role="status">{t('staff.results', { count: servers.length })}</p>
      {servers.length ? (
        <table className="servers-admin__table">
          <thead>
            <tr>
              <th scope="col">{t('staff.columns.server')}</th>
              <th scope="col">{t('staff.columns.owner')}</th>
              <th scope="col">{t('staff.columns.node')}</th>
              <th scope="col">{t('staff.columns.plan')}</th>
              <th scope="col">{t('staff.columns.usage')}</th>
              <th scope="col">{t('staff.columns.state')}</th>
              <th scope="col">{t('staff.columns.act')}</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((server) => (
              <tr key={server.id} data-testid={`staff-server-${server.id}`}>
                <td>
                  {/* A full load: the server's pages carry their own CSP (the console's websocket). */}
                  <a href={`/servers/manage/${server.id}`}>{server.name}</a>
                  <br />
                  <code>{server.id}</code>
                </td>
                <td>{server.owner ? <Link href={`/user/${server.owner}`}>{server.owner}</Link> : '—'}</td>
                <td>
                  {server.nodeName ?? '—'}
                  <br />
                  {server.regionName}
                </td>
                <td>{server.planName}</td>
                <td>
                  <StaffUsageCell view={usage.get(server.id)} />
                </td>
                <td>
                  <ServerStatusBadge status={server.status} power={server.powerState} reason={server.suspensionReason} />
                  {server.staffReason ? <p>{server.staffReason}</p> : null}
                </td>
                <td>
                  <StaffServerForms serverId={server.id} suspendedByStaff={server.status === 'suspended' && server.suspensionReason === 'moderated'} text={text} />
                  {server.nodeId ? (
                    <StaffMoveForm
                      serverId={server.id}
                      targets={(targets.get(server.id) ?? []).map((n) => ({ id: n.id, label: t('staff.move.target', { node: n.name, free: n.freeMiB }) }))}
                      text={moveText}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('staff.none')}</p>
      )}
      <h2>{t('staff.nodes')}</h2>
      <table className="servers-admin__table">
        <thead>
          <tr>
            <th scope="col">{t('staff.nodeColumns.node')}</th>
            <th scope="col">{t('staff.nodeColumns.region')}</th>
            <th scope="col">{t('staff.nodeColumns.health')}</th>
            <th scope="col">{t('staff.nodeColumns.memory')}</th>
            <th scope="col">{t('staff.nodeColumns.servers')}</th>
            <th scope="col">{t('staff.nodeColumns.lastSeen')}</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((n) => (
            <tr key={n.id}>
              <td>
                {n.name} {n.enabled ? null : t('staff.disabled')}
              </td>
              <td>{n.region}</td>
              <td>{n.health}</td>
              <td>{t('staff.memory', { used: n.usedMiB, total: n.memoryMiB })}</td>
              <td>{t('staff.slots', { used: n.servers, total: n.maxServers })}</td>
              <td>{n.lastSeenAt ? when.format(new Date(n.lastSeenAt)) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- into the admin panel, another root layout: a full load */}
        <a href="/admin/collections/server-notices">{t('staff.noticesLink')}</a>
      </p>
    </div>
  )
}
