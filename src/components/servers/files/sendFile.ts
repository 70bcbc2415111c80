import { chunkEnd } from '@/lib/hosting/uploadQueue'

/*
 * One file to the server, chunk by chunk, through the site (…/files/upload, which passes each chunk
 * on to the node). XMLHttpRequest, not fetch: only it reports upload progress. The node answers each
 * chunk with the offset it has; a 409 names the offset it expects (a chunk sent twice, a resumed
 * upload) and the file goes on from there.
 */

export type Transfer = { abort(): void; cancelled: boolean }

export class UploadFailed extends Error {}

const uploadUrl = (serverId: string, params: Record<string, string | number>) =>
  `/servers/manage/${encodeURIComponent(serverId)}/files/upload?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`

function putChunk(url: string, body: Blob, onProgress: (loaded: number) => void, transfer: Transfer): Promise<{ status: number; answer: { offset?: number; complete?: boolean; error?: string } }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    transfer.abort = () => xhr.abort()
    xhr.open('PUT', url)
    xhr.setRequestHeader('content-type', 'application/octet-stream')
    xhr.upload.onprogress = (e) => onProgress(e.loaded)
    xhr.onload = () => {
      let answer = {}
      try {
        answer = JSON.parse(xhr.responseText)
      } catch {
        // a proxy's HTML error page: the status says enough
      }
      resolve({ status: xhr.status, answer })
    }
    xhr.onerror = () => reject(new UploadFailed('The connection was lost.'))
    xhr.onabort = () => reject(new UploadFailed('Cancelled.'))
    xhr.send(body)
  })
}

/** Sends `file` to `path` in the server's folder; `onSent` hears the bytes the node has. */
export async function sendFile(serverId: string, path: string, file: Blob, transfer: Transfer, onSent: (bytes: number) => void): Promise<void> {
  const size = file.size
  let offset = 0
  for (;;) {
    if (transfer.cancelled) throw new UploadFailed('Cancelled.')
    const end = chunkEnd(offset, size)
    const { status, answer } = await putChunk(uploadUrl(serverId, { path, size, offset }), file.slice(offset, end), (loaded) => onSent(offset + loaded), transfer)
    if (status === 409 && typeof answer.offset === 'number') {
      offset = answer.offset
    } else if (status >= 200 && status < 300 && typeof answer.offset === 'number') {
      offset = answer.offset
      onSent(offset)
      if (answer.complete || offset >= size) return
    } else {
      throw new UploadFailed(answer.error ?? `The upload failed (${status}).`)
    }
  }
}

/** Drops what the node has of a cancelled upload. */
export async function dropUpload(serverId: string, path: string, size: number): Promise<void> {
  await fetch(uploadUrl(serverId, { path, size }), { method: 'DELETE' }).catch(() => undefined)
}
