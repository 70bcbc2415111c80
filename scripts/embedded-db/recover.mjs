// Brings a cluster directory back to a startable state after a crash: a postmaster orphaned by a
// killed launcher is shut down cleanly, backends of a killed postmaster are waited for (until they
// go, they hold the old shared memory and a new postmaster refuses to start), and a postmaster.pid
// naming some unrelated process (pid reused) is removed. Committed data is never touched: the next
// start replays the write-ahead log as after any crash.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

import { EmbeddedDatabaseError } from './errors.mjs'
import { clusterProcesses, isAlive, ownedByLiveNode, parentPid, waitForExit } from './processes.mjs'

function recordedPid(pidFile) {
  try {
    return Number(readFileSync(pidFile, 'utf8').split('\n')[0]) || null
  } catch {
    return null
  }
}

export async function recoverStaleCluster(clusterDir, postgresBinary, log) {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = recordedPid(pidFile)
  if (pid && clusterProcesses(clusterDir, postgresBinary).includes(pid)) {
    if (ownedByLiveNode(pid)) {
      throw new EmbeddedDatabaseError(
        `The embedded database in ${clusterDir} is already running, started by process ${parentPid(pid)}.\n` +
          'Stop that process first (another `npm start`, `npm run dev` or script in this folder), or set DATABASE_URL to use a separate PostgreSQL server.',
      )
    }
    log(`Stopping the embedded PostgreSQL left running by an earlier start (pid ${pid})…`)
    process.kill(pid, 'SIGINT') // fast shutdown: ends sessions, writes a checkpoint, keeps every commit
    if ((await waitForExit([pid], 30_000)).length > 0) {
      process.kill(pid, 'SIGQUIT') // immediate shutdown; the next start recovers from the WAL
      await waitForExit([pid], 10_000)
    }
  }
  const backends = clusterProcesses(clusterDir, postgresBinary)
  if (backends.length > 0) {
    log(`Waiting for ${backends.length} process(es) of the previous embedded PostgreSQL to exit…`)
    const stuck = await waitForExit(backends, 15_000)
    for (const p of stuck) process.kill(p, 'SIGKILL')
    await waitForExit(stuck, 5_000)
  }
  if (existsSync(pidFile) && pid && isAlive(pid) && !clusterProcesses(clusterDir, postgresBinary).includes(pid)) {
    // The pid was reused by an unrelated process; Postgres would take the lock as held.
    log(`Removing a stale postmaster.pid (pid ${pid} is not PostgreSQL)`)
    rmSync(pidFile)
  }
}
