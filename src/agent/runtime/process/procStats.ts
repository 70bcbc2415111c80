import { readFile } from 'node:fs/promises'

import type { Usage } from '../types'

/** Linux's clock ticks per second for /proc times (USER_HZ: 100 on every architecture we run on). */
const TICKS_PER_SECOND = 100

type Sample = { cpuSeconds: number; atSeconds: number }

async function uptimeSeconds(): Promise<number> {
  return Number((await readFile('/proc/uptime', 'utf8')).split(' ')[0])
}

/** CPU seconds used so far and, for the first sample, when the process started (seconds of uptime). */
async function readStat(pid: number): Promise<{ cpuSeconds: number; startSeconds: number }> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8')
  // The command name (2nd field) may hold spaces and parentheses: count fields after its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
  const utime = Number(fields[11])
  const stime = Number(fields[12])
  const start = Number(fields[19])
  return { cpuSeconds: (utime + stime) / TICKS_PER_SECOND, startSeconds: start / TICKS_PER_SECOND }
}

async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0) * 1024
}

/**
 * A process's CPU share (of `cores`, 0–100) since the previous call — since it started, the first
 * time — and its resident memory, from /proc.
 */
export class ProcSampler {
  private last: Sample | null = null
  constructor(
    private readonly pid: number,
    private readonly cores: number,
  ) {}

  async usage(): Promise<Usage | null> {
    try {
      const [stat, now, rss] = await Promise.all([readStat(this.pid), uptimeSeconds(), rssBytes(this.pid)])
      const previous = this.last ?? { cpuSeconds: 0, atSeconds: stat.startSeconds }
      this.last = { cpuSeconds: stat.cpuSeconds, atSeconds: now }
      const wall = now - previous.atSeconds
      const share = wall > 0 ? (stat.cpuSeconds - previous.cpuSeconds) / wall / Math.max(this.cores, 0.01) : 0
      return { cpuPercent: Math.min(100, Math.max(0, share * 100)), ramUsageBytes: rss }
    } catch {
      return null // it exited
    }
  }
}
