import { spawnSync } from 'node:child_process'
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs'
import path from 'node:path'

/**
 * The game's sandbox: bubblewrap with private pid, ipc, uts and cgroup namespaces, no capabilities,
 * and a filesystem of the system's programs and libraries (read-only), node, the app's
 * node_modules and the launcher (read-only), a private /tmp, and the server's folder — the only
 * place it can write, at the same path as outside so what the agent sees in /proc matches. The
 * network is shared: players reach the game's port directly.
 */

const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']
/** The first line bwrap writes on --json-status-fd: the pid (outside) of the game itself. */
export const STATUS_FD = 3

export const NAMESPACE_FLAGS = [
  '--unshare-pid',
  // The game is the namespace's pid 1 and bwrap reports its pid: signals reach the game, not a
  // bwrap reaper that would drop them (a SIGTERM to the outer bwrap killed the game unsaved).
  '--as-pid-1',
  '--unshare-ipc',
  '--unshare-uts',
  '--unshare-cgroup-try',
  '--new-session',
  '--die-with-parent',
  '--cap-drop',
  'ALL',
]

function systemBinds(): string[] {
  const args: string[] = []
  for (const dir of SYSTEM_DIRS) {
    if (!existsSync(dir)) continue
    // Merged-/usr systems have /bin → usr/bin: the same link inside.
    if (lstatSync(dir).isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir)
    else args.push('--ro-bind', dir, dir)
  }
  return args
}

export function bubblewrapArgs(opts: { serverDir: string; nodeModules: string; launcher: string }): string[] {
  const nodeBin = realpathSync(process.execPath)
  const covered = SYSTEM_DIRS.some((d) => nodeBin.startsWith(`${d}/`) && !lstatSync(d).isSymbolicLink())
  return [
    ...NAMESPACE_FLAGS,
    // Mounts apply in order: /tmp first, so binds of paths under /tmp (a test's data dir) stay visible.
    '--proc', '/proc',
    '--dev', '/dev',
    '--tmpfs', '/tmp',
    ...systemBinds(),
    ...(covered ? [] : ['--ro-bind', path.dirname(nodeBin), path.dirname(nodeBin)]),
    '--ro-bind', opts.nodeModules, opts.nodeModules,
    '--ro-bind', opts.launcher, opts.launcher,
    '--bind', opts.serverDir, opts.serverDir,
    '--chdir', opts.serverDir,
    '--json-status-fd', String(STATUS_FD),
    '--',
    nodeBin,
  ]
}

/** Whether bwrap is installed and may create these namespaces here (a container may forbid it). */
export function bubblewrapWorks(): { ok: boolean; why?: string } {
  const probe = spawnSync('bwrap', [...NAMESPACE_FLAGS, ...systemBinds(), '--proc', '/proc', '--dev', '/dev', '--', 'true'], {
    encoding: 'utf8',
    timeout: 10_000,
  })
  if (probe.error) return { ok: false, why: 'bubblewrap is not installed (apt-get install bubblewrap)' }
  if (probe.status !== 0) return { ok: false, why: `bubblewrap cannot create namespaces here: ${probe.stderr.trim() || `exit ${probe.status}`}` }
  return { ok: true }
}
