import type { CollectionAfterErrorHook } from 'payload'

/**
 * A file the caller may not read answers 404, as if it did not exist (the site's rule for hidden
 * things): Payload's file route refuses with 403, and so told outsiders that a hidden project's file
 * is there. Other 403s (a write refused) keep their status. Missing files were 403 too; now 404.
 */
export const hiddenFileIs404: CollectionAfterErrorHook = ({ error, req }) => {
  const status = (error as { status?: number }).status
  if (status !== 403 || !req.routeParams?.filename || (req.method !== 'GET' && req.method !== 'HEAD')) return
  return { status: 404, response: { errors: [{ message: 'Not Found' }] } }
}
