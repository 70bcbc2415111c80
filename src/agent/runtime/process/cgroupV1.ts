import { existsSync } from 'node:fs'
import { mkdir, readFile, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { Plan } from '../types'

/**
 * The plan's limits through cgroup v1 (what this kind of machine has: the v2 hierarchy holds no
 * controllers; systemd-run does not work without systemd as PID 1). Each server gets a group per
 * controller, nested under the agent's own group, so the agent's own limits still bound them all.
 */
export const CONTROLLERS = ['memory', 'pids', 'cpu'] as const
export type Controller = (typeof CONTROLLERS)[number]

const ROOT = '/sys/fs/cgroup'
/** Processes a game may have (node and its threads count: ~12 when idle). */
const PIDS_MAX = 256
const CFS_PERIOD_US = 100_000

/** The agent's own group directory for `controller`, or null (no v1 hierarchy for it). */
export async function ownGroupDir(controller: Controller): Promise<string | null> {
  let text: string
  try {
    text = await readFile('/proc/self/cgroup', 'utf8')
  } catch {
    return null
  }
  for (const line of text.split('\n')) {
    const [, list, groupPath] = line.split(':')
    if (groupPath === undefined || !list?.split(',').includes(controller)) continue
    const dir = path.join(ROOT, controller, groupPath)
    return existsSync(dir) ? dir : null
  }
  return null
}

const limitFile: Record<Controller, string> = { memory: 'memory.limit_in_bytes', pids: 'pids.max', cpu: 'cpu.cfs_quota_us' }

/**
 * The parent group `<own>/<name>` for each controller we can create groups in and set limits on
 * (tried with a probe group), null for the others.
 */
export async function prepareParents(name: string): Promise<Record<Controller, string | null>> {
  const out = { memory: null, pids: null, cpu: null } as Record<Controller, string | null>
  for (const controller of CONTROLLERS) {
    const own = await ownGroupDir(controller)
    if (!own) continue
    const parent = path.join(own, name)
    const probe = path.join(parent, `probe-${process.pid}`)
    try {
      await mkdir(probe, { recursive: true })
      const file = path.join(probe, limitFile[controller])
      await writeFile(file, await readFile(file, 'utf8'))
      out[controller] = parent
    } catch {
      // Not root, a read-only cgroupfs, or no such controller: reported as not enforced.
    } finally {
      await rmdir(probe).catch(() => undefined)
    }
  }
  return out
}

/** One server's groups: created with the plan's limits before its game starts. */
export class ServerCgroups {
  private constructor(private readonly dirs: Partial<Record<Controller, string>>) {}

  static async create(parents: Record<Controller, string | null>, id: string, plan: Plan): Promise<ServerCgroups> {
    const dirs: Partial<Record<Controller, string>> = {}
    for (const controller of CONTROLLERS) {
      const parent = parents[controller]
      if (!parent) continue
      const dir = path.join(parent, id)
      await mkdir(dir, { recursive: true })
      dirs[controller] = dir
    }
    const groups = new ServerCgroups(dirs)
    await groups.limit(plan)
    return groups
  }

  private async limit(plan: Plan): Promise<void> {
    const { memory, pids, cpu } = this.dirs
    if (memory) {
      const ram = plan.ram_mb * 2 ** 20
      await writeFile(path.join(memory, 'memory.limit_in_bytes'), String(ram))
      // memsw exists only with swap accounting on; without it the plan's swap is not enforced.
      const memsw = path.join(memory, 'memory.memsw.limit_in_bytes')
      if (existsSync(memsw)) await writeFile(memsw, String(ram + plan.swap_mb * 2 ** 20))
    }
    if (pids) await writeFile(path.join(pids, 'pids.max'), String(PIDS_MAX))
    if (cpu) {
      await writeFile(path.join(cpu, 'cpu.cfs_period_us'), String(CFS_PERIOD_US))
      await writeFile(path.join(cpu, 'cpu.cfs_quota_us'), String(Math.max(1000, Math.round(plan.cpu_cores * CFS_PERIOD_US))))
    }
  }

  /** The `cgroup.procs` files a process writes its pid to, to enter every group. */
  procsFiles(): string[] {
    return Object.values(this.dirs).map((dir) => path.join(dir, 'cgroup.procs'))
  }

  /** Whether the kernel's OOM killer killed a process of the memory group. */
  async oomKilled(): Promise<boolean> {
    if (!this.dirs.memory) return false
    const text = await readFile(path.join(this.dirs.memory, 'memory.oom_control'), 'utf8').catch(() => '')
    return Number(/^oom_kill (\d+)$/m.exec(text)?.[1] ?? 0) > 0
  }

  /** Removes the groups once empty (the kernel may need a moment after the last exit). */
  async remove(): Promise<void> {
    for (const dir of Object.values(this.dirs)) {
      for (let attempt = 0; attempt < 20; attempt++) {
        try {
          await rmdir(dir)
          break
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code
          if (code === 'ENOENT') break
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }
    }
  }
}
