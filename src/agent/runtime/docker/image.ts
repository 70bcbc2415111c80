import { execFile, spawn } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import type Docker from 'dockerode'

/**
 * The game's image: this machine's own node binary and the shared libraries it loads, nothing else
 * (no shell, no package manager). Built here with `docker import` from a root-filesystem tarball —
 * no registry is reachable to pull a node image from — once per node version, then reused. The app
 * (launcher and node_modules) is mounted read-only at run time, not baked in.
 */
export const IMAGE_REPO = 'blockforge/flying-squid-node'
export const NODE_IN_IMAGE = '/usr/local/bin/node'
export const imageTag = (): string => `${IMAGE_REPO}:${process.versions.node}`

/** The absolute paths `ldd` lists for `binary` (its libraries and the dynamic loader). */
export async function sharedLibraries(binary: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('ldd', [binary])
  const out = new Set<string>()
  for (const line of stdout.split('\n')) {
    const m = /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line)
    if (m) out.add(m[1])
  }
  return [...out]
}

let building: Promise<string> | null = null

/** The image's tag, built first if this docker does not have it. */
export function ensureImage(docker: Docker, log: (message: string) => void): Promise<string> {
  building ??= build(docker, log).finally(() => (building = null))
  return building
}

async function build(docker: Docker, log: (message: string) => void): Promise<string> {
  const tag = imageTag()
  try {
    await docker.getImage(tag).inspect()
    return tag
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err
  }
  log(`Building the image ${tag} from this machine's node (docker import)`)
  const root = await mkdtemp(path.join(os.tmpdir(), 'blockforge-image-'))
  try {
    const place = async (from: string, to: string) => {
      await mkdir(path.dirname(path.join(root, to)), { recursive: true })
      await copyFile(from, path.join(root, to)) // follows links: the image holds real files
    }
    await place(process.execPath, NODE_IN_IMAGE)
    for (const lib of await sharedLibraries(process.execPath)) await place(lib, lib)
    // Mount points (the root filesystem is read-only at run time).
    for (const dir of ['tmp', 'server', 'app', 'proc', 'dev', 'sys', 'etc']) await mkdir(path.join(root, dir), { recursive: true })
    const tar = spawn('tar', ['-C', root, '--owner=0', '--group=0', '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] })
    const [repo, version] = [IMAGE_REPO, process.versions.node]
    const progress = await docker.importImage(tar.stdout, { repo, tag: version })
    await new Promise<void>((resolve, reject) => docker.modem.followProgress(progress, (err: Error | null) => (err ? reject(err) : resolve())))
    return tag
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}
