import { z } from 'zod'

import { filePath } from '@/lib/hosting/filePaths'
import { answer, fileRouteError, fileRouteUser, readLimited, refusal } from '@/lib/hosting/fileRoutes'
import { cancelUpload, UPLOAD_CHUNK_BYTES, uploadChunk, uploadOffset } from '@/plugins/hosting/service/files'

export const dynamic = 'force-dynamic'

/** Files up to 64 GiB; the server's plan (its storage) is the real bound, kept by the node. */
const MAX_FILE_BYTES = 64 * 1024 ** 3
const Upload = z.object({
  path: filePath.refine((p) => p !== '', 'Name the file.'),
  size: z.coerce.number().int().min(0).max(MAX_FILE_BYTES),
  offset: z.coerce.number().int().min(0).max(MAX_FILE_BYTES).optional(),
})
const Id = z.string().regex(/^[A-Za-z0-9]{1,64}$/)
type Params = { params: Promise<{ id: string }> }

/**
 * The file manager's resumable upload, passed on to the node chunk by chunk (at most 4 MiB each):
 * `PUT ?path=&size=&offset=` with the chunk's bytes → `{ offset, complete }`, or 409 `{ offset }`
 * when the node expects another offset; `GET ?path=&size=` → `{ offset }` to resume;
 * `DELETE ?path=&size=` cancels it and drops what was sent.
 */
async function handle(request: Request, { params }: Params, method: 'PUT' | 'GET' | 'DELETE'): Promise<Response> {
  const who = await fileRouteUser(request, method !== 'GET')
  if (who instanceof Response) return who
  const id = Id.safeParse((await params).id)
  const input = Upload.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!id.success || !input.success) return refusal(400, 'Bad upload request.')
  const { payload, actor } = who
  const { path, size, offset } = input.data
  try {
    if (method === 'GET') return answer({ offset: await uploadOffset(payload, actor, id.data, path, size) })
    if (method === 'DELETE') {
      await cancelUpload(payload, actor, id.data, path, size)
      return answer({ cancelled: true })
    }
    if (offset === undefined) return refusal(400, 'Bad upload request.')
    const chunk = await readLimited(request, UPLOAD_CHUNK_BYTES)
    if (!chunk) return refusal(413, 'An upload chunk is at most 4 MiB.')
    const outcome = await uploadChunk(payload, actor, id.data, { path, size, offset }, chunk)
    if ('mismatch' in outcome) return Response.json({ offset: outcome.mismatch }, { status: 409 })
    return answer(outcome)
  } catch (error) {
    return fileRouteError(payload, error)
  }
}

export const PUT = (request: Request, ctx: Params) => handle(request, ctx, 'PUT')
export const GET = (request: Request, ctx: Params) => handle(request, ctx, 'GET')
export const DELETE = (request: Request, ctx: Params) => handle(request, ctx, 'DELETE')
