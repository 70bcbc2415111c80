import { readdir, readlink } from 'node:fs/promises'

/**
 * Games left running by an agent that died without stopping them (outside bubblewrap nothing ties a
 * child's life to the agent's). They hold their port and their console is lost, so they are ended:
 * asked to save and exit, killed if they have not within `graceMs`.
 */
export async function endLeftovers(dir: string, graceMs: number, log: (message: string) => void): Promise<void> {
  const pids = await pidsWorkingIn(dir)
  if (!pids.length) return
  log(`Ending ${pids.length} game process(es) left running in ${dir} by an earlier agent`)
  for (const pid of pids) signal(pid, 'SIGTERM')
  const deadline = Date.now() + graceMs
  while (Date.now() < deadline && (await pidsWorkingIn(dir)).length) await new Promise((r) => setTimeout(r, 100))
  for (const pid of await pidsWorkingIn(dir)) signal(pid, 'SIGKILL')
}

async function pidsWorkingIn(dir: string): Promise<number[]> {
  const out: number[] = []
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue
    const cwd = await readlink(`/proc/${name}/cwd`).catch(() => null)
    if (cwd === dir) out.push(Number(name))
  }
  return out
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig)
  } catch {
    // Already gone.
  }
}
