import net from 'node:net'
import { PassThrough } from 'node:stream'

import Docker from 'dockerode'

import { nodeArgs } from '../../../lib/hosting/startup'
import { isReadyLine, plainLine } from '../../servers/launcherLines'
import { forEachLine } from '../lines'
import type { ExitInfo, GameInstance, Isolation, LaunchSpec, LineSink, Runtime } from '../types'
import { ContainerSampler } from './containerStats'
import { ensureImage, NODE_IN_IMAGE } from './image'

export type DockerRuntimeOptions = {
  /** Where game ports are published (AGENT_HOST). */
  host: string
  nodeModules: string
  /** Names and labels this agent's containers (two agents on one docker keep apart). */
  groupName: string
  log: (message: string) => void
  /** Defaults to DOCKER_HOST or the local socket. */
  docker?: Docker
}

const PIDS_LIMIT = 256
const LABEL_SERVER = 'blockforge.server'
const LABEL_AGENT = 'blockforge.agent'
/** Output replayed into the log when the agent takes over a running container. */
const ADOPT_TAIL = 200

/**
 * Runs each game in its own container (dockerode, the Docker API — never the CLI, whose attach with
 * piped stdin hangs): the plan's memory, swap, CPU and process limits, a read-only root with a
 * private /tmp, no capabilities, the server's folder as the only writable mount, and the game port
 * published on AGENT_HOST. The console is the container's attached stdin/stdout. Containers outlive
 * the agent: a restarted agent takes them over.
 */
export function dockerRuntime(opts: DockerRuntimeOptions): Runtime {
  const docker = opts.docker ?? new Docker()
  let image = ''
  let info: { SwapLimit?: boolean; MemoryLimit?: boolean; CpuCfsQuota?: boolean; PidsLimit?: boolean } = {}
  const open = new Set<{ close(): void }>()

  const containerName = (id: string) => `blockforge-${opts.groupName}-${id}`

  async function prepare() {
    try {
      await docker.ping()
    } catch (err) {
      throw new Error(`AGENT_RUNTIME=docker, but no Docker daemon answers (${err instanceof Error ? err.message : err}). Start dockerd, or use AGENT_RUNTIME=process.`)
    }
    info = await docker.info()
    image = await ensureImage(docker, opts.log)
  }

  function isolation(): Isolation {
    const notes: string[] = []
    if (info.SwapLimit === false) notes.push("Docker reports no swap limit support: the plan's swap is not enforced.")
    return {
      bubblewrap: false,
      cgroup: { memory: info.MemoryLimit !== false, pids: info.PidsLimit !== false, cpu: info.CpuCfsQuota !== false },
      container: true,
      notes,
    }
  }

  async function removeContainer(id: string) {
    try {
      await docker.getContainer(containerName(id)).remove({ force: true })
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 404) throw err
    }
  }

  /** Console and output through the API's attach (hijacked: stdin and demultiplexed stdout/stderr). */
  async function attach(container: Docker.Container, onLine: LineSink) {
    const stream = await container.attach({ stream: true, stdin: true, stdout: true, stderr: true, hijack: true })
    const out = new PassThrough()
    const err = new PassThrough()
    container.modem.demuxStream(stream, out, err)
    forEachLine(out, onLine)
    forEachLine(err, onLine)
    stream.on('end', () => {
      out.end()
      err.end()
    })
    return stream
  }

  function instanceOf(container: Docker.Container, stream: NodeJS.ReadWriteStream, cores: number, startedAtMs: number): GameInstance {
    const abort = new AbortController()
    let done = false
    const handle = {
      close: () => {
        abort.abort()
        ;(stream as unknown as { destroy?: () => void }).destroy?.()
      },
    }
    open.add(handle)
    const exited: Promise<ExitInfo> = (async () => {
      let exitCode: number | null = null
      try {
        const result = (await container.wait({ abortSignal: abort.signal })) as { StatusCode?: number }
        exitCode = result.StatusCode ?? null
      } catch (err) {
        if (abort.signal.aborted) return new Promise<ExitInfo>(() => undefined) // the agent is closing: never settles
        opts.log(`Waiting on a container failed: ${err instanceof Error ? err.message : err}`)
      }
      const state = await container.inspect().then((i) => i.State, () => null)
      done = true
      open.delete(handle)
      ;(stream as unknown as { destroy?: () => void }).destroy?.()
      return { exitCode: exitCode ?? state?.ExitCode ?? null, oomKilled: state?.OOMKilled ?? false }
    })()
    const signal = (sig: string) => {
      if (!done) container.kill({ signal: sig }).catch(() => undefined) // already stopped
    }
    const sampler = new ContainerSampler(container, cores, startedAtMs)
    return {
      exited,
      write: (line) => {
        if (!done) stream.write(`${line}\n`)
      },
      // The game is the container's PID 1; the launcher handles SIGTERM (save, exit 0).
      stop: () => signal('SIGTERM'),
      kill: () => signal('SIGKILL'),
      usage: async () => (done ? null : sampler.usage()),
    }
  }

  async function launch(spec: LaunchSpec, onLine: LineSink): Promise<GameInstance> {
    await removeContainer(spec.id)
    const ram = spec.plan.ram_mb * 2 ** 20
    const port = `${spec.port}/tcp`
    const container = await docker.createContainer({
      name: containerName(spec.id),
      Image: image,
      Cmd: [NODE_IN_IMAGE, ...nodeArgs(spec.plan.ram_mb, spec.startup), '/app/launcher.mjs'],
      WorkingDir: '/server',
      Env: ['HOME=/tmp', 'LANG=C.UTF-8', `BLOCKFORGE_GAME_VERSION=${spec.gameVersion}`, 'BLOCKFORGE_BIND_HOST=0.0.0.0'],
      Labels: { [LABEL_SERVER]: spec.id, [LABEL_AGENT]: opts.groupName },
      OpenStdin: true,
      StdinOnce: false,
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
      ExposedPorts: { [port]: {} },
      HostConfig: {
        Binds: [`${opts.nodeModules}:/app/node_modules:ro`, `${spec.launcher}:/app/launcher.mjs:ro`, `${spec.dir}:/server:rw`],
        PortBindings: { [port]: [{ HostIp: opts.host, HostPort: String(spec.port) }] },
        Memory: ram,
        MemorySwap: ram + spec.plan.swap_mb * 2 ** 20,
        NanoCpus: Math.round(spec.plan.cpu_cores * 1e9),
        PidsLimit: PIDS_LIMIT,
        ReadonlyRootfs: true,
        Tmpfs: { '/tmp': 'rw,nosuid,nodev,size=64m' },
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges'],
        RestartPolicy: { Name: 'no' },
        LogConfig: { Type: 'json-file', Config: { 'max-size': '10m', 'max-file': '2' } },
      },
    })
    const stream = await attach(container, onLine)
    try {
      await container.start()
    } catch (err) {
      ;(stream as unknown as { destroy?: () => void }).destroy?.()
      await removeContainer(spec.id)
      throw err
    }
    return instanceOf(container, stream, spec.plan.cpu_cores, Date.now())
  }

  async function adopt(spec: LaunchSpec, onLine: LineSink): Promise<GameInstance | null> {
    const found = await docker.listContainers({
      all: true,
      filters: { label: [`${LABEL_AGENT}=${opts.groupName}`, `${LABEL_SERVER}=${spec.id}`] },
    })
    if (!found.length) return null
    const container = docker.getContainer(found[0].Id)
    if (found[0].State !== 'running') {
      await removeContainer(spec.id)
      return null
    }
    const tail = demuxText(await container.logs({ stdout: true, stderr: true, tail: ADOPT_TAIL, follow: false }))
    for (const line of tail.split('\n')) if (line) onLine(line)
    // A long-running game's Ready line may be older than the tail: a game port that answers is as good.
    if (!tail.split('\n').some((l) => isReadyLine(plainLine(l)))) {
      const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host
      if (await portAnswers(host, spec.port)) onLine(`[blockforge] Ready: taken over, port ${spec.port} answers`)
    }
    const stream = await attach(container, onLine)
    const inspected = await container.inspect()
    return instanceOf(container, stream, spec.plan.cpu_cores, Date.parse(inspected.State.StartedAt) || Date.now())
  }

  return {
    name: 'docker',
    loaders: ['flying-squid'],
    prepare,
    isolation,
    launch,
    adopt,
    forget: removeContainer,
    /** Lets go of attach streams and waits (the containers keep running). */
    close: async () => {
      for (const handle of open) handle.close()
      open.clear()
    },
  }
}

/**
 * The text of a non-TTY container's multiplexed log: frames of an 8-byte header (stream, 0, 0, 0,
 * big-endian length) and the payload; stdout and stderr alike.
 */
export function demuxText(buf: Buffer): string {
  let text = ''
  for (let at = 0; at + 8 <= buf.length; ) {
    const size = buf.readUInt32BE(at + 4)
    text += buf.subarray(at + 8, at + 8 + size).toString('utf8')
    at += 8 + size
  }
  return text
}

/** Whether something accepts TCP connections on host:port (within 2 s). */
function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(2000, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}
