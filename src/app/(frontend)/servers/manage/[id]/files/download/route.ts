import { z } from 'zod'

import { filePath } from '@/lib/hosting/filePaths'
import { fileRouteError, fileRouteUser, refusal } from '@/lib/hosting/fileRoutes'
import { downloadFile } from '@/plugins/hosting/service/files'

export const dynamic = 'force-dynamic'

const Id = z.string().regex(/^[A-Za-z0-9]{1,64}$/)

/** GET ?path=: a file of the server's folder, streamed from its node as an attachment. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const who = await fileRouteUser(request, false)
  if (who instanceof Response) return who
  const id = Id.safeParse((await params).id)
  const path = filePath.safeParse(new URL(request.url).searchParams.get('path') ?? '')
  if (!id.success || !path.success || !path.data) return refusal(400, 'Bad download request.')
  try {
    const res = await downloadFile(who.payload, who.actor, id.data, path.data)
    const headers = new Headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' })
    for (const name of ['content-type', 'content-length', 'content-disposition']) {
      const value = res.headers.get(name)
      if (value) headers.set(name, value)
    }
    return new Response(res.body, { status: 200, headers })
  } catch (error) {
    return fileRouteError(who.payload, error)
  }
}
