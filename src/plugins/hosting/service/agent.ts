import { type BackupView, signRequest } from '../../../lib/hosting/protocol'
import type { NodeRow } from './rows'

/** The agent's answer about one server (src/agent/server.ts). */
export type AgentServerState = {
  state: 'running' | 'stopped' | 'starting' | 'stopping' | 'crashed'
  port: number | null
  installed: boolean
  last_error?: string | null
  last_log_lines?: string[]
  /** On install and reinstall: whether this node can run the server's loader and game version. */
  installation?: { ok: boolean; reason?: string }
}

export class AgentUnreachable extends Error {}
export class AgentRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The agent's error code (`offset_mismatch`, `quota_exceeded`, …) and answer, when it gave one. */
    readonly code: string = 'error',
    readonly answer: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** One entry of a folder on the node (GET /servers/:id/files). */
export type AgentFileEntry = { name: string; type: 'file' | 'directory' | 'symlink' | 'other'; size: number; modified: string }
/** A file with its digests (GET /servers/:id/files/hashes). */
export type AgentHashedFile = { name: string; size: number; modified: string; sha1: string; sha512: string }
/** A backup on the node (GET /servers/:id/backups). */
export type AgentBackup = BackupView
/** How far a chunked upload has come (PUT/GET /servers/:id/files/upload). */
export type UploadProgress = { offset: number; complete?: boolean }

const TIMEOUT_MS = 15_000
/** A download streams through the site: its whole transfer must fit in this. */
const DOWNLOAD_TIMEOUT_MS = 30 * 60_000
/** Compressing or extracting a big world takes a while. */
const ARCHIVE_TIMEOUT_MS = 10 * 60_000

/**
 * The site's client of one node's agent: every request signed with the node's token (the agent
 * accepts nothing else), JSON both ways. A network failure or timeout is `AgentUnreachable` (the
 * node is then marked so); an answer with an error status is `AgentRefused` with its description.
 */
export function agentOf(node: Pick<NodeRow, 'url' | 'token'>) {
  /** The signed request; `raw` bodies (upload chunks) are sent as bytes, anything else as JSON. */
  async function send(method: string, path: string, body?: unknown, raw?: Uint8Array, timeoutMs = TIMEOUT_MS): Promise<Response> {
    const bytes = raw ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) : Buffer.from(body === undefined ? '' : JSON.stringify(body))
    const url = new URL(path, node.url)
    let res: Response
    try {
      res = await fetch(url, {
        method,
        headers: { 'content-type': raw ? 'application/octet-stream' : 'application/json', ...signRequest(node.token, { method, path: url.pathname + url.search, body: bytes }) },
        body: bytes.length ? new Uint8Array(bytes) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new AgentUnreachable(error instanceof Error ? error.message : String(error))
    }
    if (!res.ok) {
      const answer = ((await res.json().catch(() => null)) ?? {}) as Record<string, unknown>
      const description = typeof answer.description === 'string' ? answer.description : `The node answered ${res.status}.`
      throw new AgentRefused(res.status, description, typeof answer.error === 'string' ? answer.error : 'error', answer)
    }
    return res
  }
  async function call<T>(method: string, path: string, body?: unknown, raw?: Uint8Array, timeoutMs = TIMEOUT_MS): Promise<T> {
    const res = await send(method, path, body, raw, timeoutMs)
    return (await res.json().catch(() => null)) as T
  }
  const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
  return {
    health: () => call<{ ok: boolean; runtime: string; loaders: string[]; game_versions: string[] }>('GET', '/health'),
    install: (id: string, spec: unknown) => call<AgentServerState>('PUT', `/servers/${id}`, spec),
    state: (id: string) => call<AgentServerState>('GET', `/servers/${id}`),
    remove: (id: string) => call<unknown>('DELETE', `/servers/${id}`),
    power: (id: string, action: string) => call<AgentServerState>('POST', `/servers/${id}/power`, { action }),
    command: (id: string, line: string) => call<unknown>('POST', `/servers/${id}/command`, { line }),
    stats: (id: string) => call<Record<string, number>>('GET', `/servers/${id}/stats`),
    properties: (id: string) => call<{ properties: Record<string, string> }>('GET', `/servers/${id}/properties`),
    setProperties: (id: string, properties: Record<string, string>) => call<unknown>('PUT', `/servers/${id}/properties`, { properties }),
    reinstall: (id: string) => call<AgentServerState>('POST', `/servers/${id}/reinstall`),
    reset: (id: string) => call<AgentServerState>('POST', `/servers/${id}/reset`),
    // The server's folder (the agent keeps every path inside it, symlinks included).
    /** The regular files directly in a folder with their digests (none when the folder is missing). */
    fileHashes: (id: string, path: string) => call<{ path: string; files: AgentHashedFile[]; truncated?: boolean }>('GET', `/servers/${id}/files/hashes?${q({ path })}`),
    listFiles: (id: string, path: string) => call<{ path: string; entries: AgentFileEntry[] }>('GET', `/servers/${id}/files?${q({ path })}`),
    readFile: (id: string, path: string) => call<{ path: string; content: string; size: number; modified: string }>('GET', `/servers/${id}/files/contents?${q({ path })}`),
    writeFile: (id: string, path: string, content: string) => call<{ path: string; size: number }>('PUT', `/servers/${id}/files/contents`, { path, content }),
    makeFolder: (id: string, path: string) => call<{ path: string }>('POST', `/servers/${id}/files/folder`, { path }),
    moveFile: (id: string, from: string, to: string) => call<{ path: string }>('POST', `/servers/${id}/files/rename`, { from, to }),
    deleteFiles: (id: string, paths: string[]) => call<{ deleted: number }>('POST', `/servers/${id}/files/delete`, { paths }),
    compress: (id: string, paths: string[]) => call<{ path: string }>('POST', `/servers/${id}/files/compress`, { paths }, undefined, ARCHIVE_TIMEOUT_MS),
    decompress: (id: string, path: string) => call<{ path: string }>('POST', `/servers/${id}/files/decompress`, { path }, undefined, ARCHIVE_TIMEOUT_MS),
    /** The file's bytes as the agent streams them (the caller passes the body on). */
    download: (id: string, path: string) => send('GET', `/servers/${id}/files/download?${q({ path })}`, undefined, undefined, DOWNLOAD_TIMEOUT_MS),
    uploadChunk: (id: string, path: string, size: number, offset: number, chunk: Uint8Array) =>
      call<UploadProgress>('PUT', `/servers/${id}/files/upload?${q({ path, size, offset })}`, undefined, chunk),
    uploadOffset: (id: string, path: string, size: number) => call<UploadProgress>('GET', `/servers/${id}/files/upload?${q({ path, size })}`),
    cancelUpload: (id: string, path: string, size: number) => call<unknown>('DELETE', `/servers/${id}/files/upload?${q({ path, size })}`),
    // Backups: archives of the whole folder kept on the node, by the site's id for them.
    listBackups: (id: string) => call<{ backups: AgentBackup[] }>('GET', `/servers/${id}/backups`),
    createBackup: (id: string, uuid: string, name: string, ignore: string[] = []) => call<{ backup: AgentBackup }>('POST', `/servers/${id}/backups`, { uuid, name, ignore }),
    deleteBackup: (id: string, uuid: string) => call<unknown>('DELETE', `/servers/${id}/backups/${uuid}`),
    cancelBackup: (id: string, uuid: string) => call<unknown>('POST', `/servers/${id}/backups/${uuid}/cancel`, undefined, undefined, ARCHIVE_TIMEOUT_MS),
    restoreBackup: (id: string, uuid: string) => call<{ backup: AgentBackup }>('POST', `/servers/${id}/backups/${uuid}/restore`),
    /** A chunk of a backup made on another node (a moved server's), kept as a ready backup once whole and checked. */
    importBackupChunk: (id: string, backup: Pick<AgentBackup, 'uuid' | 'name' | 'sha256' | 'created_at'> & { size: number }, offset: number, chunk: Uint8Array) =>
      call<UploadProgress>('PUT', `/servers/${id}/backups/${backup.uuid}/import?${q({ size: backup.size, offset, sha256: backup.sha256 ?? '', name: backup.name ?? '', created_at: backup.created_at })}`, undefined, chunk),
    /** The archive's bytes as the agent streams them, with `x-checksum-sha256`. */
    downloadBackup: (id: string, uuid: string) => send('GET', `/servers/${id}/backups/${uuid}/download`, undefined, undefined, DOWNLOAD_TIMEOUT_MS),
  }
}
export type AgentClient = ReturnType<typeof agentOf>
