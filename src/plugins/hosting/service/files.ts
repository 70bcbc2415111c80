import type { Payload } from 'payload'

import type { Actor } from '../../../access/core/roles'
import { serverFor, viaAgent } from './acts'
import { agentOf, type AgentClient, AgentRefused, type AgentFileEntry, type UploadProgress } from './agent'
import { recordAct } from './audit'
import { db, inTransaction } from './db'
import { nodeOf } from './nodes'
import { HostingError, type ServerRow } from './rows'

/*
 * A server's files (spec §2 "files"), for its owner and staff: every call checks who may act on the
 * server (a stranger's is not found), then asks the server's node, whose agent keeps every path
 * inside the server's folder — `..`, absolute paths and symlinks are refused there, where the folder
 * is. Each change is an act in the server's audit log; reads are not.
 */

export type FileEntry = AgentFileEntry
/** Upload chunks the site passes on: the agent takes at most 4 MiB a request. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024

/**
 * The server, when the actor may act on it, and the agent of the node holding its folder; files
 * stay reachable while the game is stopped or broken, not while the server is suspended.
 */
export async function serverFolderAccess(payload: Payload, actor: Actor, id: string): Promise<{ server: ServerRow; agent: AgentClient }> {
  const server = await serverFor(payload, actor, id)
  if (server.status === 'suspended') throw new HostingError('This server is suspended.')
  if (!server.node_id) throw new HostingError('This server is not set up yet.')
  const node = await nodeOf(db(payload), server.node_id)
  if (!node) throw new HostingError('This server is not set up yet.')
  return { server, agent: agentOf(node) }
}

const filesAgent = async (payload: Payload, actor: Actor, id: string): Promise<AgentClient> => (await serverFolderAccess(payload, actor, id)).agent

/**
 * Feeds `source` to `send` in chunks of UPLOAD_CHUNK_BYTES (the agent's limit), each at its offset;
 * checks that exactly `size` bytes came. An empty source is one empty chunk.
 */
export async function sendInChunks(size: number, source: AsyncIterable<Uint8Array>, send: (offset: number, chunk: Uint8Array) => Promise<unknown>): Promise<void> {
  let offset = 0
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  const flush = async () => {
    const chunk = Buffer.concat(pending)
    pending = []
    pendingBytes = 0
    await send(offset, chunk)
    offset += chunk.byteLength
  }
  for await (const part of source) {
    for (let at = 0; at < part.byteLength; ) {
      const take = Math.min(part.byteLength - at, UPLOAD_CHUNK_BYTES - pendingBytes)
      pending.push(part.subarray(at, at + take))
      pendingBytes += take
      at += take
      if (pendingBytes === UPLOAD_CHUNK_BYTES) await flush()
    }
  }
  if (pendingBytes > 0 || offset === 0) await flush()
  if (offset !== size) throw new HostingError(`The file was ${offset} bytes, not the ${size} expected.`)
}

/**
 * Sends bytes the site holds (a version file from its storage) into the server's folder, through
 * the same resumable upload the browser uses, a chunk at a time.
 */
export const pushFile = (agent: AgentClient, id: string, path: string, size: number, source: AsyncIterable<Uint8Array>): Promise<void> =>
  sendInChunks(size, source, (offset, chunk) => viaAgent(() => agent.uploadChunk(id, path, size, offset, chunk)))

export async function logged(payload: Payload, actor: Actor, id: string, act: string, detail: Record<string, unknown>): Promise<void> {
  await inTransaction(payload, (tx) => recordAct(tx, { serverId: id, actorId: actor.id, act, detail }))
}

export async function listFiles(payload: Payload, actor: Actor, id: string, path: string): Promise<FileEntry[]> {
  const agent = await filesAgent(payload, actor, id)
  return (await viaAgent(() => agent.listFiles(id, path))).entries
}

export async function readFile(payload: Payload, actor: Actor, id: string, path: string): Promise<{ content: string; size: number; modified: string }> {
  const agent = await filesAgent(payload, actor, id)
  return viaAgent(() => agent.readFile(id, path))
}

export async function writeFile(payload: Payload, actor: Actor, id: string, path: string, content: string): Promise<void> {
  const agent = await filesAgent(payload, actor, id)
  await viaAgent(() => agent.writeFile(id, path, content))
  await logged(payload, actor, id, 'file saved', { path })
}

export async function makeFolder(payload: Payload, actor: Actor, id: string, path: string): Promise<void> {
  const agent = await filesAgent(payload, actor, id)
  await viaAgent(() => agent.makeFolder(id, path))
  await logged(payload, actor, id, 'folder created', { path })
}

export async function moveFile(payload: Payload, actor: Actor, id: string, from: string, to: string): Promise<void> {
  const agent = await filesAgent(payload, actor, id)
  await viaAgent(() => agent.moveFile(id, from, to))
  await logged(payload, actor, id, 'file moved', { from, to })
}

export async function deleteFiles(payload: Payload, actor: Actor, id: string, paths: string[]): Promise<number> {
  const agent = await filesAgent(payload, actor, id)
  const { deleted } = await viaAgent(() => agent.deleteFiles(id, paths))
  await logged(payload, actor, id, 'files deleted', { paths })
  return deleted
}

export async function compressFiles(payload: Payload, actor: Actor, id: string, paths: string[]): Promise<string> {
  const agent = await filesAgent(payload, actor, id)
  const { path } = await viaAgent(() => agent.compress(id, paths))
  await logged(payload, actor, id, 'files compressed', { paths, archive: path })
  return path
}

export async function extractArchive(payload: Payload, actor: Actor, id: string, path: string): Promise<string> {
  const agent = await filesAgent(payload, actor, id)
  const into = (await viaAgent(() => agent.decompress(id, path))).path
  await logged(payload, actor, id, 'archive extracted', { path, into })
  return into
}

/** The agent's answer to a download, streamed on to the browser. */
export async function downloadFile(payload: Payload, actor: Actor, id: string, path: string): Promise<Response> {
  const agent = await filesAgent(payload, actor, id)
  return viaAgent(() => agent.download(id, path))
}

export type ChunkOutcome = UploadProgress | { mismatch: number }

/**
 * One chunk of a resumable upload. An offset the agent does not expect (a chunk sent twice, a
 * resumed upload) answers with the offset it does, for the browser to go on from there.
 */
export async function uploadChunk(payload: Payload, actor: Actor, id: string, input: { path: string; size: number; offset: number }, chunk: Uint8Array): Promise<ChunkOutcome> {
  if (chunk.byteLength > UPLOAD_CHUNK_BYTES) throw new HostingError('An upload chunk is at most 4 MiB.')
  const agent = await filesAgent(payload, actor, id)
  let progress: UploadProgress
  try {
    progress = await agent.uploadChunk(id, input.path, input.size, input.offset, chunk)
  } catch (error) {
    if (error instanceof AgentRefused && error.code === 'offset_mismatch' && typeof error.answer.offset === 'number') return { mismatch: error.answer.offset }
    return viaAgent(() => Promise.reject(error))
  }
  if (progress.complete) await logged(payload, actor, id, 'file uploaded', { path: input.path, size: input.size })
  return progress
}

export async function uploadOffset(payload: Payload, actor: Actor, id: string, path: string, size: number): Promise<number> {
  const agent = await filesAgent(payload, actor, id)
  return (await viaAgent(() => agent.uploadOffset(id, path, size))).offset
}

export async function cancelUpload(payload: Payload, actor: Actor, id: string, path: string, size: number): Promise<void> {
  const agent = await filesAgent(payload, actor, id)
  await viaAgent(() => agent.cancelUpload(id, path, size))
}
