import { redirect } from 'next/navigation'

/**
 * /admin/servers/notices (spec §2): the server notices staff keep — Payload's own list and edit
 * views of `server-notices`, which decide who may see and write them.
 */
export function ServerNoticesView(): never {
  redirect('/admin/collections/server-notices')
}
