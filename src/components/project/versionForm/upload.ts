/**
 * The browser side of publishing a version: the version is created as a draft, each file streams to
 * Payload's upload endpoint (hashed on the way, src/collections/VersionFiles) with progress and a
 * way to cancel, and the version is listed only once every file is stored. A failure or a cancel
 * deletes the draft again, so nothing half-made is left behind.
 */

export type ApiErrors = { form?: string; fields: Record<string, string> }

/** Payload's error answer as field messages ({ errors: [{ message, data: { errors: [{ path, message }] } }] }). */
export function apiErrors(body: unknown, fallback: string): ApiErrors {
  const errors = (body as { errors?: { message?: string; data?: { errors?: { path: string; message: string }[] } }[] } | null)?.errors ?? []
  const fields = Object.fromEntries(errors.flatMap((e) => e.data?.errors ?? []).map((e) => [e.path, e.message]))
  return Object.keys(fields).length ? { fields } : { form: errors[0]?.message ?? fallback, fields }
}

async function json(res: Response): Promise<unknown> {
  return res.json().catch(() => null)
}

export async function createDraftVersion(data: Record<string, unknown>, fallback: string): Promise<{ id: string } | ApiErrors> {
  const res = await fetch('/api/versions?depth=0', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...data, status: 'draft' }) })
  const body = await json(res)
  if (!res.ok) return apiErrors(body, fallback)
  return { id: (body as { doc: { id: string } }).doc.id }
}

export async function listVersion(id: string, fallback: string): Promise<true | ApiErrors> {
  const res = await fetch(`/api/versions/${encodeURIComponent(id)}?depth=0`, { method: 'PATCH', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'listed' }) })
  return res.ok ? true : apiErrors(await json(res), fallback)
}

export async function deleteVersion(id: string): Promise<void> {
  await fetch(`/api/versions/${encodeURIComponent(id)}`, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined)
}

export type UploadHandle = { done: Promise<true | ApiErrors | 'cancelled'>; cancel: () => void }

/** One file to Payload's multipart upload, with progress (0–1); XHR because fetch reports no upload progress. */
export function uploadFile(file: File, fields: Record<string, unknown>, onProgress: (fraction: number) => void, fallback: string): UploadHandle {
  const xhr = new XMLHttpRequest()
  const done = new Promise<true | ApiErrors | 'cancelled'>((resolve) => {
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total)
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        /* not JSON: a proxy's error page */
      }
      resolve(xhr.status >= 200 && xhr.status < 300 ? true : apiErrors(body, fallback))
    }
    xhr.onerror = () => resolve({ form: fallback, fields: {} })
    xhr.onabort = () => resolve('cancelled')
  })
  const form = new FormData()
  form.append('_payload', JSON.stringify(fields))
  form.append('file', file)
  xhr.open('POST', '/api/version-files?depth=0')
  xhr.withCredentials = true
  xhr.send(form)
  return { done, cancel: () => xhr.abort() }
}
