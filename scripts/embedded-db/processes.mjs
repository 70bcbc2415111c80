// Finds the processes of an embedded cluster after its launcher or postmaster died, so that the next
// start can clean up instead of failing on a stale postmaster.pid or a port held by an orphan.
// Linux /proc only; elsewhere these return nothing and Postgres' own stale-lock check applies.
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs'

const hasProc = existsSync('/proc/self/stat')

export function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return e.code === 'EPERM'
  }
}

function readLink(p) {
  try {
    return readlinkSync(p)
  } catch {
    return null
  }
}

/** Parent pid from /proc/<pid>/stat (the field after the parenthesised command name). */
export function parentPid(pid) {
  if (!hasProc) return null
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return null
  }
}

export function executableOf(pid) {
  const exe = readLink(`/proc/${pid}/exe`)
  return exe?.replace(/ \(deleted\)$/, '') ?? null
}

/**
 * Processes running `postgresBinary` with `clusterDir` as their working directory: a postmaster
 * and its backends all chdir into the data directory, and nothing else runs that binary there.
 */
export function clusterProcesses(clusterDir, postgresBinary) {
  if (!hasProc) return []
  const dir = realpathSync(clusterDir)
  const binary = realpathSync(postgresBinary)
  const found = []
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid) || pid === process.pid) continue
    if (readLink(`/proc/${pid}/cwd`) !== dir) continue
    if (executableOf(pid) !== binary) continue
    found.push(pid)
  }
  return found
}

/** True when `pid`'s parent is a live Node process: a launcher still owns that postmaster. */
export function ownedByLiveNode(pid) {
  const ppid = parentPid(pid)
  if (!ppid || ppid <= 1 || !isAlive(ppid)) return false
  const exe = executableOf(ppid)
  return exe !== null && /(^|\/)node[^/]*$/.test(exe)
}

/** Waits, polling, until none of `pids` is alive or `ms` passed; returns the ones still alive. */
export async function waitForExit(pids, ms) {
  const until = Date.now() + ms
  let alive = pids.filter(isAlive)
  while (alive.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100))
    alive = alive.filter(isAlive)
  }
  return alive
}
