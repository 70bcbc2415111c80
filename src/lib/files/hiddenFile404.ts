import type { CollectionAfterErrorHook } from 'payload'

import { storedNameProblem } from './storedName'

/**
 * A file the caller may not read answers 404, as if it did not exist (the site's rule for hidden
 * things): Payload's file route refuses with 403, and so told outsiders that a hidden project's file
 * is there. Other 403s (a write refused) keep their status. Missing files were 403 too; now 404.
 * A name that is not a plain file name (Payload refuses `../` with a 403 too) is a 400 that says so.
 */
export const hiddenFileIs404: CollectionAfterErrorHook = ({ error, req }) => {
  const status = (error as { status?: number }).status
  const filename = req.routeParams?.filename
  if (status !== 403 || typeof filename !== 'string' || !filename || (req.method !== 'GET' && req.method !== 'HEAD')) return
  const problem = storedNameProblem(filename)
  if (problem) return { status: 400, response: { errors: [{ message: `Not a stored file name: ${problem}` }] } }
  return { status: 404, response: { errors: [{ message: 'Not Found' }] } }
}
