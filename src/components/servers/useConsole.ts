'use client'

import { useEffect, useRef, useState } from 'react'

import type { PowerState } from '@/lib/hosting/status'
import type { BackupMessage } from '@/lib/hosting/wireMessages'

import { consoleAccessAction } from './actions'

export type Stats = { cpu: number; ramBytes: number; ramTotalBytes: number; players: number }
export type ConsoleState = { connected: boolean; error: string | null; power: PowerState | null; stats: Stats[] }

/** Samples kept for the usage graphs (one every ~2 s: about a minute). */
const KEEP = 30

/**
 * The console websocket (Modrinth's `{url, token}` then `auth`): asks the site for the node's
 * address and a short-lived token, streams log lines to `onLine` and backup progress to `onBackup`,
 * keeps the last stats and the power state, and reconnects with a fresh token when the connection drops or the token runs out.
 */
export function useConsole(serverId: string, enabled: boolean, onLine: (line: string) => void, onBackup?: (message: BackupMessage) => void) {
  const [state, setState] = useState<ConsoleState>({ connected: false, error: null, power: null, stats: [] })
  const socket = useRef<WebSocket | null>(null)
  const lineRef = useRef(onLine)
  const backupRef = useRef(onBackup)
  useEffect(() => {
    lineRef.current = onLine
    backupRef.current = onBackup
  }, [onLine, onBackup])

  useEffect(() => {
    if (!enabled) return
    let stopped = false
    let retry: ReturnType<typeof setTimeout> | undefined
    let attempts = 0
    const connect = async () => {
      const access = await consoleAccessAction(serverId).catch(() => ({ error: null }) as { url?: string; token?: string; error?: string | null })
      if (stopped) return
      if (!access.url || !access.token) {
        setState((s) => ({ ...s, connected: false, error: access.error ?? null }))
        retry = setTimeout(connect, Math.min(30_000, 2_000 * ++attempts))
        return
      }
      const ws = new WebSocket(access.url)
      socket.current = ws
      ws.onopen = () => ws.send(JSON.stringify({ event: 'auth', token: access.token }))
      ws.onmessage = (message) => {
        const data = JSON.parse(String(message.data)) as { event: string; [k: string]: unknown }
        if (data.event === 'auth-ok') {
          attempts = 0
          setState((s) => ({ ...s, connected: true, error: null }))
        } else if (data.event === 'log' && typeof data.line === 'string') lineRef.current(data.line)
        else if (data.event === 'stats') {
          const sample: Stats = { cpu: Math.min(100, Number(data.cpu_percent) || 0), ramBytes: Number(data.ram_usage_bytes) || 0, ramTotalBytes: Number(data.ram_total_bytes) || 0, players: Number(data.players_online) || 0 }
          setState((s) => ({ ...s, stats: [...s.stats, sample].slice(-KEEP) }))
        } else if (data.event === 'power-state') setState((s) => ({ ...s, power: data.state as PowerState }))
        else if (data.event === 'backup') backupRef.current?.(data as unknown as BackupMessage)
      }
      ws.onclose = () => {
        socket.current = null
        if (stopped) return
        setState((s) => ({ ...s, connected: false }))
        retry = setTimeout(connect, Math.min(30_000, 1_000 * ++attempts))
      }
    }
    void connect()
    return () => {
      stopped = true
      clearTimeout(retry)
      socket.current?.close()
    }
  }, [serverId, enabled])

  const send = (line: string) => {
    if (socket.current?.readyState !== WebSocket.OPEN) return false
    socket.current.send(JSON.stringify({ event: 'command', line }))
    return true
  }
  return { ...state, send }
}
