import type Docker from 'dockerode'

import type { Usage } from '../types'

type Sample = { cpuNs: number; atMs: number }

/**
 * A container's CPU share (of the plan's `cores`, 0–100) since the previous call — since it started,
 * the first time — and its memory less the page cache, from one-shot container stats (a streamed
 * pair of samples would make every call wait a second).
 */
export class ContainerSampler {
  private last: Sample
  constructor(
    private readonly container: Docker.Container,
    private readonly cores: number,
    startedAtMs: number,
  ) {
    this.last = { cpuNs: 0, atMs: startedAtMs }
  }

  async usage(): Promise<Usage | null> {
    try {
      const stats = await this.container.stats({ stream: false, 'one-shot': true })
      const now = Date.now()
      const cpuNs = stats.cpu_stats?.cpu_usage?.total_usage ?? 0
      const wallNs = (now - this.last.atMs) * 1e6
      const share = wallNs > 0 ? (cpuNs - this.last.cpuNs) / wallNs / Math.max(this.cores, 0.01) : 0
      this.last = { cpuNs, atMs: now }
      // Page cache the kernel can drop is not the game's memory (what `docker stats` leaves out too).
      const mem = stats.memory_stats
      const cache = mem?.stats?.total_inactive_file ?? mem?.stats?.cache ?? 0
      return { cpuPercent: Math.min(100, Math.max(0, share * 100)), ramUsageBytes: Math.max(0, (mem?.usage ?? 0) - cache) }
    } catch {
      return null
    }
  }
}
