// Checks made before starting the embedded server, so that a failure names its cause and its fix
// instead of surfacing as a bare exit of the postgres process.
import { execFileSync } from 'node:child_process'
import { accessSync, constants, mkdirSync, statSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import { EmbeddedDatabaseError } from './errors.mjs'

const orUseServer = 'or set DATABASE_URL to use a PostgreSQL server you run yourself.'

/** Resolves true when 127.0.0.1:port can be bound right now. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)))
  })
}

export async function assertPortFree(port) {
  if (await portIsFree(port)) return
  throw new EmbeddedDatabaseError(
    `Port ${port} on 127.0.0.1 is already in use, so the embedded PostgreSQL cannot listen there.\n` +
      `Stop the program using it, choose another port with EMBEDDED_DATABASE_PORT=<port>, ${orUseServer}`,
  )
}

/** A port the OS calls free at this moment (for throwaway test clusters). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

export function assertWritableDir(dir) {
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK | constants.X_OK)
  } catch (e) {
    throw new EmbeddedDatabaseError(
      `The embedded database keeps its files in ${dir}, which this user cannot write (${e.code ?? e.message}).\n` +
        `Give this user write access to it (or remove it so it is created again), point EMBEDDED_DATABASE_DIR elsewhere, ${orUseServer}`,
    )
  }
}

/** uid/gid of the `postgres` system user, or null when there is none (yet). */
export function postgresUserIds() {
  try {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    return null
  }
}

/**
 * As root the server runs as the `postgres` system user (PostgreSQL refuses root), which must be
 * able to enter every folder above the cluster; a project under a private home folder fails here.
 */
export function assertReachableBy(ids, dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const s = statSync(d)
    const bit = s.uid === ids.uid ? 0o100 : s.gid === ids.gid ? 0o010 : 0o001
    if ((s.mode & bit) === 0) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL runs as the system user "postgres" (PostgreSQL refuses to run as root), which cannot enter ${d}.\n` +
          `Allow it (chmod o+x ${d}), put the project or EMBEDDED_DATABASE_DIR somewhere it can reach, ${orUseServer}`,
      )
    }
    if (d === path.dirname(d)) return
  }
}
