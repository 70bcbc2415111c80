'use client'

import Link from 'next/link'
import { useRouter } from 'next/navigation'
import { useActionState, useCallback, useEffect, useRef, useState } from 'react'

import { FormOutcome } from '@/components/site/FormOutcome'
import { useCopy } from '@/components/site/useCopy'
import type { PowerState, ServerStatus } from '@/lib/hosting/status'

import { powerAction, repairAction } from './actions'
import { Terminal, type TerminalHandle } from './Terminal'
import { UsageGraph } from './UsageGraph'
import { useConsole } from './useConsole'

type Text = {
  suspended: string
  /** The upgrading screen (spec §4): its title and what happens. */
  upgrading: string
  upgradingLead: string
  installing: string
  broken: string
  lastLines: string
  unprovisioned: string
  resubscribe: string
  copy: string
  copied: string
  address: string
  /** "Join at {name}" with the placeholder kept, filled here. */
  joinAt: string
  console: string
  command: string
  send: string
  connecting: string
  connectionLost: string
  cpu: string
  ram: string
  players: string
  power: Record<'start' | 'stop' | 'restart' | 'kill', string>
  states: Record<PowerState, string>
  reset: string
  reinstall: string
  reinstallConfirm: string
  /** The questions asked before a stop or a kill (the server's "Ask before stopping or killing"); absent: none. */
  confirm?: Record<'stop' | 'kill', string>
}
/** `ramAsPercent`: the memory figure as a share of the plan (the server's preferences). */
type Server = { id: string; status: ServerStatus; address: string | null; joinName: string | null; cpus: number; ramMiB: number; lastError: string | null; powerState: PowerState; ramAsPercent?: boolean; upgrading?: boolean }

const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`

/**
 * A server's overview: 'Suspended' with its reason (never "Connection lost"), installing with the
 * options locked (the page refreshes until it is ready), broken with the log's last lines and the
 * way out (reset, reinstall); once ready, the address to copy, power, the console and usage.
 */
export function ServerOverview({ server, suspension, text }: { server: Server; suspension: string | null; text: Text }) {
  const router = useRouter()
  const upgrading = server.status === 'suspended' && suspension === null && server.upgrading === true
  const waiting = server.status === 'installing' || server.status === 'unprovisioned' || upgrading
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => router.refresh(), 3_000)
    return () => clearInterval(timer)
  }, [waiting, router])

  if (upgrading) {
    return (
      <section className="server-notice server-notice--upgrading" role="status">
        <h2>{text.upgrading}</h2>
        <p>{text.upgradingLead}</p>
        {server.lastError ? <p>{server.lastError}</p> : null}
      </section>
    )
  }
  if (server.status === 'suspended') {
    return (
      <section className="server-notice server-notice--suspended" role="status">
        <h2>{text.suspended}</h2>
        <p>{suspension}</p>
        <Link href={`/servers/manage/${server.id}/options/billing`} className="button button--primary">
          {text.resubscribe}
        </Link>
      </section>
    )
  }
  if (server.status === 'unprovisioned') return <p className="server-notice" role="status">{text.unprovisioned}</p>
  if (server.status === 'installing') return <p className="server-notice" role="status">{text.installing}</p>
  return <LiveServer server={server} text={text} />
}

function LiveServer({ server, text }: { server: Server; text: Text }) {
  const terminal = useRef<TerminalHandle>(null)
  const onLine = useCallback((line: string) => terminal.current?.write(line), [])
  const live = useConsole(server.id, true, onLine)
  const [powerState, powerDo, powerPending] = useActionState(powerAction, {})
  const [repairState, repairDo, repairPending] = useActionState(repairAction, {})
  const { copied, copy } = useCopy({ resetMs: null })
  const [line, setLine] = useState('')
  const last = live.stats.at(-1)
  const power = live.power ?? server.powerState
  return (
    <div className="server-overview">
      {server.status === 'broken' ? (
        <section className="server-notice server-notice--broken" role="alert">
          <h2>{text.broken}</h2>
          {server.lastError ? (
            <details open>
              <summary>{text.lastLines}</summary>
              <pre className="server-notice__log">{server.lastError}</pre>
            </details>
          ) : null}
          <form action={repairDo} className="server-actions">
            <input type="hidden" name="server" value={server.id} />
            <button type="submit" name="how" value="reset" className="button" disabled={repairPending}>
              {text.reset}
            </button>
            <button type="submit" name="how" value="reinstall" className="button button--danger" disabled={repairPending} title={text.reinstallConfirm}>
              {text.reinstall}
            </button>
          </form>
          <FormOutcome error={repairState.error} done={repairState.done} />
        </section>
      ) : null}
      <div className="server-overview__top">
        {server.address ? (
          <p className="server-address">
            <span>{text.address}</span> <code data-testid="server-address">{server.address}</code>{' '}
            <button
              type="button"
              className="button button--small"
              onClick={() => void copy(server.address!)}
            >
              {copied ? text.copied : text.copy}
            </button>
          </p>
        ) : null}
        {server.joinName ? <p data-testid="server-join-name">{text.joinAt.replace('{name}', server.joinName)}</p> : null}
        <p className="server-power-state" data-testid="power-state">
          {text.states[power]}
        </p>
        <form action={powerDo} className="server-actions">
          <input type="hidden" name="server" value={server.id} />
          {(['start', 'restart', 'stop', 'kill'] as const).map((action) => (
            <button
              key={action}
              type="submit"
              name="action"
              value={action}
              className={action === 'kill' ? 'button button--danger' : 'button'}
              onClick={(e) => {
                const question = action === 'stop' || action === 'kill' ? text.confirm?.[action] : undefined
                if (question && !window.confirm(question)) e.preventDefault()
              }}
              // Start only what is not running; stop, restart and kill only what runs (or hangs starting).
              disabled={powerPending || (action === 'start' ? power === 'running' || power === 'starting' : power === 'stopped' || power === 'crashed')}
            >
              {text.power[action]}
            </button>
          ))}
        </form>
        <FormOutcome error={powerState.error} done={powerState.done} />
      </div>
      <div className="server-usage-row">
        <UsageGraph label={text.cpu} values={live.stats.map((s) => s.cpu)} value={last ? `${Math.round(last.cpu)}%` : '—'} />
        <UsageGraph
          label={text.ram}
          values={live.stats.map((s) => (s.ramTotalBytes ? (s.ramBytes / s.ramTotalBytes) * 100 : 0))}
          value={
            !last
              ? '—'
              : server.ramAsPercent
                ? `${Math.round((last.ramBytes / (last.ramTotalBytes || server.ramMiB * 2 ** 20)) * 100)}%`
                : `${mib(last.ramBytes)} / ${last.ramTotalBytes ? mib(last.ramTotalBytes) : `${server.ramMiB} MiB`}`
          }
        />
        <p className="server-players">
          {text.players}: <strong data-testid="players-online">{last ? last.players : '—'}</strong>
        </p>
      </div>
      <section className="server-console" aria-label={text.console}>
        <Terminal ref={terminal} label={text.console} />
        <p className="server-console__state" role="status">
          {live.connected ? null : live.error ?? (live.stats.length ? text.connectionLost : text.connecting)}
        </p>
        <form
          className="server-console__input"
          onSubmit={(e) => {
            e.preventDefault()
            if (line.trim() && live.send(line.trim())) setLine('')
          }}
        >
          <label htmlFor={`cmd-${server.id}`} className="visually-hidden">
            {text.command}
          </label>
          <input id={`cmd-${server.id}`} className="input" value={line} onChange={(e) => setLine(e.target.value)} placeholder={text.command} autoComplete="off" maxLength={512} />
          <button type="submit" className="button" disabled={!live.connected}>
            {text.send}
          </button>
        </form>
      </section>
    </div>
  )
}
